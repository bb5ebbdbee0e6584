import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A target that chooses how its requests use the provider's ``HTTPCache`` (Moya's
/// `CachePolicyGettable`, with the same spelling).
///
/// Targets that don't adopt it follow HTTP (`.useProtocolCachePolicy`): a fresh stored response
/// is served, a stale one revalidated. The policies mean, for Quiver's cache on every transport:
///
/// | Policy | Reads the cache | Sends a request |
/// |---|---|---|
/// | `.useProtocolCachePolicy` | when fresh (RFC 9111) | when missing or stale (conditional when it can) |
/// | `.reloadRevalidatingCacheData` | after a `304` | always, conditional when it can |
/// | `.returnCacheDataElseLoad` | at any age | only when nothing is stored |
/// | `.returnCacheDataDontLoad` | at any age | never: nothing stored is a `504` |
/// | `.reloadIgnoringLocalCacheData`, `.reloadIgnoringLocalAndRemoteCacheData`, `.reloadIgnoringCacheData` | never | always (the answer is still stored) |
///
/// A provider without a cache ignores the policy; so does ``URLSessionTransport``, whose own
/// `URLCache` is off.
///
/// ```swift
/// extension API: CachePolicyProviding {
///     var cachePolicy: URLRequest.CachePolicy {
///         switch self {
///         case .avatar: .returnCacheDataElseLoad       // rarely changes: any stored copy will do
///         default: .useProtocolCachePolicy             // as the server's Cache-Control says
///         }
///     }
///
///     var staleIfError: TimeInterval? { 24 * 60 * 60 }  // offline: yesterday's answer is better than none
/// }
/// ```
public protocol CachePolicyProviding {
    /// The cache policy of this target's requests.
    var cachePolicy: URLRequest.CachePolicy { get }

    /// How stale, in seconds, a stored response may be and still be served when the network
    /// fails (the transport throws, or the server answers `500`, `502`, `503` or `504`), as if
    /// the server had sent `stale-if-error` with this value; the response is marked
    /// ``Response/Source/stale(age:)``. A stored `must-revalidate` or `no-cache` response is
    /// never served so. Defaults to `nil`: only the server's own `stale-if-error` counts.
    var staleIfError: TimeInterval? { get }
}

extension CachePolicyProviding {
    /// Only the server's `stale-if-error` lets a stale response stand in for a failure.
    public var staleIfError: TimeInterval? {
        nil
    }
}
