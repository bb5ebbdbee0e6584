import Foundation

/// What a request the cache sends revalidates (RFC 9111 §4.3): nothing, the response stored for
/// its own variant, or the other variants of its resource, which a `304` may name as right for
/// it too (§4.3.1, §4.3.4).
enum CacheRevalidation {
    /// A plain request: nothing stored may answer it.
    case nothing
    /// The stored response that answers the request, stale or to be revalidated.
    case stored(CacheEntry)
    /// Stored responses of the request's resource that its fields do not select (`Vary`).
    case otherVariants([CacheEntry])

    /// The conditions the request is sent with: the stored response's validators, or every
    /// validator of the other variants.
    var conditions: [HTTPHeaderField] {
        switch self {
        case .nothing: []
        case .stored(let entry): CacheValidation.conditions(for: entry)
        case .otherVariants(let entries): CacheValidation.conditions(forVariants: entries)
        }
    }

    /// The entries a `304` may confirm (``CacheValidation/selected(by:among:)``).
    var candidates: [CacheEntry] {
        switch self {
        case .nothing: []
        case .stored(let entry): [entry]
        case .otherVariants(let entries): entries
        }
    }

    /// The stored response that may stand in, stale, when the network fails: only the one
    /// stored for this request's own variant.
    var standIn: CacheEntry? {
        guard case .stored(let entry) = self else { return nil }
        return entry
    }
}
