import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers HTTP Basic and Digest challenges with a credential chosen per target, on every
/// platform: Moya's `CredentialsPlugin`.
///
/// ```swift
/// /// Where the app keeps the user's password.
/// actor Keychain {
///     private var stored = "s3cret"   // set at sign-in
///
///     func password() throws -> String { stored }
/// }
///
/// let keychain = Keychain()
/// let credentials = CredentialsPlugin { target in
///     URLCredential(user: "ada", password: try await keychain.password(), persistence: .none)
/// }
/// let provider = Provider<Petstore>(plugins: [credentials])
/// ```
///
/// `Petstore` stands for any target of the app, as in <doc:GettingStarted>.
///
/// Quiver answers the challenge itself rather than through `URLSession` (on Linux,
/// FoundationNetworking hangs or cancels whatever a session delegate answers to a `401`):
///
/// - A request is sent without credentials. When the server answers `401` with a
///   `WWW-Authenticate` challenge Quiver speaks (Digest with SHA-256 or MD5, their `-sess`
///   variants, `qop=auth`; else Basic), the request is replayed through every plugin's `prepare`
///   with an `Authorization` header made from the target's credential. It counts as a new attempt.
/// - Later requests answer the remembered challenge up front, but only within its protection
///   space: for Basic, the paths at or below the challenged path's directory (RFC 7617 §2.2);
///   for Digest, the challenge's `domain`, else the whole origin (RFC 7616 §3.3). Digest nonces
///   are counted (`nc`) and a fresh client nonce is made each time.
/// - A `401` to a request that already answered the same challenge (scheme and realm) is handed
///   back as ``QuiverError/statusCode(_:)``, so a wrong password never loops. A challenge of
///   another scheme or realm is answered, as is a Digest challenge marked `stale=true` (the
///   credential was right, the nonce had expired; by the first two attempts of a request only).
/// - A challenge is a challenge whatever the target's ``ValidationType``: a `401` that
///   validation lets through (``ValidationType/none``) is answered too.
/// - Credentials never cross origins: a challenge from another origin than the request's (after
///   a redirect) is not answered, and a request that already has an `Authorization` header
///   (from ``AccessTokenPlugin``, say) is left as it is.
///
/// The header is set in `prepare`, so put this plugin before logging plugins; the logger
/// redacts `Authorization` by default.
public final class CredentialsPlugin: RequestRetrier {
    /// Chooses the credential for a target, or `nil` to leave its challenges unanswered.
    public typealias CredentialsClosure = @Sendable (any TargetType) async throws -> URLCredential?

    private let credentialsClosure: CredentialsClosure
    /// The challenges answered, by origin and protection space.
    private let answered = Locked(ProtectionSpaces())

    /// Creates the plugin.
    ///
    /// - Parameter credentialsClosure: Chooses the credential for each target (its `user` and
    ///   `password` are used), or `nil` to leave the target's challenges unanswered. An error it
    ///   throws ends the request with ``QuiverError/plugin(_:)``.
    public init(credentialsClosure: @escaping CredentialsClosure) {
        self.credentialsClosure = credentialsClosure
    }

    /// Creates the plugin with one user name and password for every target.
    ///
    /// - Parameters:
    ///   - user: The user name.
    ///   - password: The password.
    public convenience init(user: String, password: String) {
        let credential = URLCredential(user: user, password: password, persistence: .none)
        self.init { _ in credential }
    }

    /// Answers the challenge remembered for the request's protection space, if any, unless the
    /// request already carries an `Authorization` header.
    ///
    /// - Throws: ``QuiverError/invalidRequest(_:)`` for a Basic user name with a colon (RFC 7617
    ///   cannot carry it); what the credentials closure throws.
    public func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
        guard request.value(forHTTPHeaderField: "Authorization") == nil, let url = request.url,
              case let origin = Origin(url), answered.withLock({ $0.hasAnswered(origin: origin) }),
              let credential = try await credentialsClosure(target),
              let user = credential.user, let password = credential.password
        else { return request }
        // Taken and counted in one step, so that concurrent requests never share a nonce count.
        guard let (challenge, count) = answered.withLock({ $0.use(origin: origin, path: url.path) }) else { return request }

        let value: String
        if let digest = DigestAuthorization(challenge, bodyIsKnown: Self.bodyIsKnown(request)) {
            value = digest.header(user: user, password: password, method: request.httpMethod ?? "GET",
                                  uri: Self.requestTarget(of: url), body: request.httpBody,
                                  nonceCount: count, clientNonce: DigestAuthorization.makeClientNonce())
        } else if challenge.scheme == "basic" {
            guard BasicAuthorization.canCarry(user: user) else {
                throw QuiverError.invalidRequest("\(url.host ?? "the server") asks for Basic authentication, "
                                                 + "which cannot carry a user name with a colon")
            }
            value = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        } else {
            return request
        }
        request.setHeaderField(value, spelledName: "Authorization")
        return request
    }

    /// Replays a request the server challenged with `401`, when the challenge can be answered
    /// and was not already answered by this request (except a stale Digest nonce).
    public func retryDecision(after result: Result<Response, QuiverError>, request: URLRequest,
                              target: any TargetType, attempt: Int) async -> RetryDecision {
        let response: Response
        switch result {
        case .failure(.statusCode(let rejected)): response = rejected
        case .success(let passed): response = passed
        default: return .doNotRetry
        }
        guard response.statusCode == 401, let url = request.url, Origin.answered(response, fromOriginOf: request),
              case let origin = Origin(url),
              let header = response.value(forHTTPHeaderField: "WWW-Authenticate"),
              let challenge = Self.preferred(AuthenticationChallenge.parse(header), bodyIsKnown: Self.bodyIsKnown(request))
        else { return .doNotRetry }
        if let sent = request.value(forHTTPHeaderField: "Authorization") {
            let scheme = sent.prefix { $0 != " " }.lowercased()
            // Another plugin's header (a bearer token) is left alone.
            guard scheme == "basic" || scheme == "digest" else { return .doNotRetry }
            let given = answered.withLock { $0.challenge(origin: origin, path: url.path) }
            if let given, given.scheme == challenge.scheme, given["realm"] == challenge["realm"] {
                // The same challenge, answered: a wrong credential, unless the Digest nonce
                // was stale. That is answered again by the first two attempts only: a server
                // that calls every nonce stale cannot make a request loop.
                guard attempt <= 2, scheme == "digest",
                      DigestAuthorization(challenge, bodyIsKnown: Self.bodyIsKnown(request))?.isStale == true
                else { return .doNotRetry }
            } else if attempt > 3 {
                // A new protection space is answered, a bounded number of times.
                return .doNotRetry
            }
        }
        do {
            guard try await credentialsClosure(target) != nil else { return .doNotRetry }
        } catch {
            return .fail(QuiverError(pluginError: error))
        }
        answered.withLock { $0.answer(challenge, origin: origin, path: url.path) }
        return .retry(after: 0)
    }

    /// The challenge to answer: Digest with SHA-256, then Digest with MD5, then Basic.
    static func preferred(_ challenges: [AuthenticationChallenge], bodyIsKnown: Bool) -> AuthenticationChallenge? {
        let digests = challenges.compactMap { DigestAuthorization($0, bodyIsKnown: bodyIsKnown) }
        if let strong = digests.first(where: { $0.algorithm == .sha256 || $0.algorithm == .sha256Session }) {
            return strong.challenge
        }
        return digests.first?.challenge ?? challenges.first { $0.scheme == "basic" }
    }

    /// The request target Digest signs: the path (`/` when empty) and query, as sent.
    static func requestTarget(of url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.path }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return components.percentEncodedQuery.map { path + "?" + $0 } ?? path
    }

    /// Whether the whole body is in the request (`auth-int` hashes it): a body of bytes, or
    /// none on a method that sends none. A body streamed from disk is not.
    private static func bodyIsKnown(_ request: URLRequest) -> Bool {
        request.httpBody != nil || ["GET", "HEAD"].contains(request.httpMethod ?? "GET")
    }
}
