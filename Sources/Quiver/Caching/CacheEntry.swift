import Foundation

/// What the cache keeps of one response: enough to answer a later request and to compute its
/// age (RFC 9111 §4.2.3), and nothing of the request's secrets.
struct CacheEntry: Sendable, Equatable {
    /// The status code.
    var statusCode: Int
    /// The stored header fields, in the order received: the response's, without `Set-Cookie`
    /// (never replayed) and the hop-by-hop fields (RFC 9111 §3.1).
    var headerFields: [HTTPHeaderField]
    /// The body.
    var body: Data
    /// When the request that got this response was sent (`request_time`).
    var requestTime: Date
    /// When the response was received (`response_time`).
    var responseTime: Date
    /// Which requests this response may answer (`Vary`).
    var variant: CacheVariantKey

    /// The bytes the entry holds, as the stores count them against their capacity.
    var byteCount: Int {
        body.count + headerFields.reduce(64) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
            + variant.fields.reduce(0) { $0 + $1.name.utf8.count + 33 }
    }
}
