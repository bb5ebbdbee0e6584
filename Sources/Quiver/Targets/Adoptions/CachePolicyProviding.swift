import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A target that chooses how its requests use the transport's HTTP cache (Moya's
/// `CachePolicyGettable`).
///
/// ``URLSessionTransport`` keeps no cache by default, so a policy matters only with a transport
/// whose configuration has a `URLCache`: then targets that don't adopt this protocol follow the
/// configuration's `requestCachePolicy`, and those that do use their own.
///
/// ```swift
/// extension API: CachePolicyProviding {
///     var cachePolicy: URLRequest.CachePolicy {
///         switch self {
///         case .avatar: .returnCacheDataElseLoad       // rarely changes
///         default: .reloadIgnoringLocalCacheData       // always the server's answer
///         }
///     }
/// }
/// ```
public protocol CachePolicyProviding {
    /// The cache policy of this target's requests.
    var cachePolicy: URLRequest.CachePolicy { get }
}
