import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Authenticates requests with a credential that expires, and refreshes it: before it expires,
/// and when the server answers `401`, once for any number of concurrent requests.
///
/// ```swift
/// let auth = AuthenticationPlugin(credential: saved) { stale in
///     try await authService.refresh(using: stale?.refreshToken)   // returns a new credential
/// }
/// let provider = Provider<API>(plugins: [auth])
/// ```
///
/// - `prepare` sets `Authorization: Bearer <token>` (or the target's
///   ``AccessTokenAuthorizable/authorizationType``); a credential that is missing or expires
///   within the refresh margin (`refreshMargin:`) is refreshed first.
/// - A `401` to a request that carried the credential refreshes it (unless another request
///   already did) and replays the request through `prepare`, with the fresh credential. A `401`
///   from another origin than the request's (after a redirect, which never carries the
///   credential there) is handed back as ``QuiverError/statusCode(_:)`` without a refresh.
/// - All requests that need a refresh wait for the same one. If it fails, each fails with
///   ``AuthenticationError/refreshFailed(_:)``; none is replayed with the stale credential.
/// - More than `maximumRefreshes` refreshes within `refreshWindow` stop with
///   ``AuthenticationError/refreshLimitExceeded(refreshes:window:)`` instead of looping.
///
/// Targets that adopt ``AccessTokenAuthorizable`` and answer `nil` are sent without a credential.
public final class AuthenticationPlugin: RequestRetrier {
    private let store: CredentialStore
    /// The scheme for targets that do not name one.
    let authorizationType: AuthorizationType

    /// Creates the plugin.
    ///
    /// - Parameters:
    ///   - credential: The credential to start with, or `nil` to fetch one on first use.
    ///   - authorizationType: The scheme for targets that do not name one. Defaults to bearer.
    ///   - refreshMargin: Refresh this many seconds before expiry. Defaults to 30.
    ///   - maximumRefreshes: The most refreshes within `refreshWindow`. Defaults to 3.
    ///   - refreshWindow: The window for `maximumRefreshes`, in seconds. Defaults to 60.
    ///   - refresh: Makes a fresh credential from the stale one (or `nil`).
    public init(credential: AuthenticationCredential?, authorizationType: AuthorizationType = .bearer,
                refreshMargin: TimeInterval = 30, maximumRefreshes: Int = 3, refreshWindow: TimeInterval = 60,
                refresh: @escaping @Sendable (AuthenticationCredential?) async throws -> AuthenticationCredential) {
        self.authorizationType = authorizationType
        store = CredentialStore(credential: credential, margin: refreshMargin, maximumRefreshes: maximumRefreshes,
                                window: refreshWindow, refresh: refresh)
    }

    /// The current credential.
    public var credential: AuthenticationCredential? {
        get async { await store.credential }
    }

    /// Replaces the credential, as after signing in (or out, with `nil`).
    ///
    /// - Parameter credential: The new credential.
    public func setCredential(_ credential: AuthenticationCredential?) async {
        await store.set(credential)
    }

    /// How many refreshes have been started.
    var refreshCount: Int {
        get async { await store.refreshCount }
    }

    /// Sets the `Authorization` header from a usable credential.
    ///
    /// - Throws: ``AuthenticationError`` when no usable credential can be had.
    public func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
        guard let scheme = scheme(for: target) else { return request }
        let credential = try await store.usableCredential()
        return try AccessTokenPlugin.authorize(request, scheme: scheme, token: credential.accessToken)
    }

    /// Refreshes and replays a request the server rejected with `401`.
    public func retryDecision(after result: Result<Response, QuiverError>, request: URLRequest,
                              target: any TargetType, attempt: Int) async -> RetryDecision {
        // A 401 from another origin (after a redirect, which dropped the credential) says nothing
        // about the credential: refreshing for it would spend the refresh token in vain.
        guard case .failure(.statusCode(let response)) = result, response.statusCode == 401,
              Origin.answered(response, fromOriginOf: request), let scheme = scheme(for: target),
              let header = request.value(forHTTPHeaderField: "Authorization"), header.hasPrefix(scheme + " ")
        else { return .doNotRetry }
        do {
            _ = try await store.credential(replacing: String(header.dropFirst(scheme.count + 1)))
            return .retry(after: 0)
        } catch {
            return .fail(QuiverError(pluginError: error))
        }
    }

    /// The scheme for `target`, or `nil` when it opts out.
    private func scheme(for target: any TargetType) -> String? {
        guard let authorizable = target as? any AccessTokenAuthorizable else { return authorizationType.scheme }
        return authorizable.authorizationType?.scheme
    }
}
