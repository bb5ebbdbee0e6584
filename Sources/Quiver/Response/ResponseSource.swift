import Foundation

extension Response {
    /// How a ``Response`` was produced: sent over the network (or answered by a stub), or
    /// answered by the provider's ``HTTPCache``.
    ///
    /// ```swift
    /// switch response.source {
    /// case .network: break
    /// case .cache(let age): print("stored \(Int(age)) s ago, still fresh")
    /// case .revalidated: print("the server confirmed the stored answer (304)")
    /// case .stale(let age): showBanner("Offline: data from \(Int(age / 60)) min ago")
    /// }
    /// ```
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        /// The transport (or a stub) answered; nothing came from the cache.
        case network
        /// A stored response, fresh: no request was sent. `age` is its age in seconds
        /// (RFC 9111 §4.2.3).
        case cache(age: TimeInterval)
        /// A stored response that the server confirmed with `304 Not Modified`: its body is the
        /// stored one, its header fields updated from the `304`, its status the stored one.
        case revalidated
        /// A stored response served although stale, `age` seconds old: the network failed
        /// and `stale-if-error` (or the target's ``CachePolicyProviding/staleIfError``) allowed
        /// it, the request allowed it (`max-stale`, `.returnCacheDataElseLoad`,
        /// `.returnCacheDataDontLoad`), or it is the stored half of ``Provider/cachedThenFresh(for:)``.
        case stale(age: TimeInterval)

        /// Whether the response came from the cache, fresh, revalidated or stale.
        public var isFromCache: Bool {
            self != .network
        }

        /// `network`, `cache`, `revalidated` or `stale`: the case's name, for a metric's
        /// dimension or a span's attribute (the age left out, so that the values stay few).
        public var name: String {
            switch self {
            case .network: "network"
            case .cache: "cache"
            case .revalidated: "revalidated"
            case .stale: "stale"
            }
        }

        /// `network`, `cache (age 12 s)`, `revalidated`, `stale (age 3600 s)`: what the logger writes.
        public var description: String {
            switch self {
            case .network: "network"
            case .cache(let age): "cache (age \(Int(age)) s)"
            case .revalidated: "revalidated"
            case .stale(let age): "stale (age \(Int(age)) s)"
            }
        }
    }
}
