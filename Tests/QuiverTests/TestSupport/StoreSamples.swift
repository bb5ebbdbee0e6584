import Foundation
@testable import Quiver

/// Entries and keys the store tests share.
enum StoreSamples {
    static func key(_ resource: String, _ identity: String = "") -> CacheKey {
        CacheKey(resource: CacheDigest(of: resource), identity: CacheDigest(of: identity))
    }

    static func entry(_ body: String, variant: CacheVariantKey = .none, at time: TimeInterval = 0) -> CacheEntry {
        CacheEntry(statusCode: 200, headerFields: [HTTPHeaderField(name: "Content-Type", value: "text/plain")],
                   body: Data(body.utf8), requestTime: Date(timeIntervalSince1970: time),
                   responseTime: Date(timeIntervalSince1970: time), variant: variant)
    }

    static let english = CacheVariantKey(fields: [.init(name: "accept-language", value: CacheDigest(of: "en"))], matchesNothing: false)
}
