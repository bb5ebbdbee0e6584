import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Authenticates requests with a credential that expires, and refreshes it: before it expires,
/// and when the server answers `401`, once for any number of concurrent requests.
///
/// ```swift
/// /// The sign-in server: a refresh token for a new credential.
/// enum SignIn: TargetType {
///     case refresh(refreshToken: String)
///
///     var baseURL: URL { URL(string: "https://auth.example.com")! }
///     var path: String { "token" }
///     var method: HTTPMethod { .post }
///     var task: HTTPTask {
///         switch self {
///         case .refresh(let refreshToken): .form(["grant_type": "refresh_token", "refresh_token": .string(refreshToken)])
///         }
///     }
/// }
///
/// struct TokenAnswer: Decodable, Sendable {
///     let access_token: String
///     let refresh_token: String?
///     let expires_in: TimeInterval
/// }
///
/// struct SignedOut: Error {}
///
/// // The credential the app kept from its last sign-in (in the keychain, say).
/// let saved = AuthenticationCredential(accessToken: "eyJhbGciOi", refreshToken: "8xLOxBtZp8",
///                                      expiresAt: Date(timeIntervalSinceNow: 3600))
/// let signIn = Provider<SignIn>()   // without the plugin: a refresh must not wait for itself
///
/// let authentication = AuthenticationPlugin(credential: saved) { stale in
///     guard let refreshToken = stale?.refreshToken else { throw SignedOut() }   // never signed in
///     let answer = try await signIn.decode(TokenAnswer.self, from: .refresh(refreshToken: refreshToken))
///     return AuthenticationCredential(accessToken: answer.access_token,
///                                     refreshToken: answer.refresh_token ?? refreshToken,
///                                     expiresAt: Date(timeIntervalSinceNow: answer.expires_in))
/// }
/// let authorized = Provider<Petstore>(plugins: [authentication], retryPolicy: .default)
/// ```
///
/// `Petstore` stands for any target of the app, as in <doc:GettingStarted>;
/// <doc:RequestPathAndPlugins> walks through the same code.
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
