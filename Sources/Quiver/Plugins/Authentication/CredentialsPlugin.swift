import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers HTTP Basic and Digest challenges with a credential chosen per target, on every
/// platform: Moya's `CredentialsPlugin`.
///
/// ```swift
/// let credentials = CredentialsPlugin { target in
///     URLCredential(user: "ada", password: try await keychain.password(), persistence: .none)
/// }
/// let provider = Provider<API>(plugins: [credentials])
/// ```
///
/// Quiver answers the challenge itself rather than through `URLSession` (on Linux,
/// FoundationNetworking hangs or cancels whatever a session delegate answers to a `401`):
///
/// - A request is sent without credentials. When the server answers `401` with a
///   `WWW-Authenticate` challenge Quiver speaks (Digest with SHA-256 or MD5, their `-sess`
///   variants, `qop=auth`; else Basic), the request is replayed through every plugin's `prepare`
///   with an `Authorization` header made from the target's credential. It counts as a new attempt.
/// - Later requests to the same origin (scheme, host, port) answer the remembered challenge
///   up front; Digest nonces are counted (`nc`) and a fresh client nonce is made each time.
/// - A `401` to a request that already carried credentials is handed back as
///   ``QuiverError/statusCode(_:)``, so a wrong password never loops. The one exception is a
///   Digest challenge marked `stale=true` (the credential was right, the nonce had expired),
///   which is answered again (by the first two attempts of a request only).
/// - Credentials never cross origins: a challenge from another origin than the request's (after
///   a redirect) is not answered, and a request that already has an `Authorization` header
///   (from ``AccessTokenPlugin``, say) is left as it is.
///
/// The header is set in `prepare`, so put this plugin before logging plugins; the logger
/// redacts `Authorization` by default.
public final class CredentialsPlugin: RequestRetrier {
    /// Chooses the credential for a target, or `nil` to leave its challenges unanswered.
    public typealias CredentialsClosure = @Sendable (any TargetType) async throws -> URLCredential?

    /// A challenge answered for an origin, and how often its nonce has been used.
    private struct Answered {
        let challenge: AuthenticationChallenge
        var nonceCount = 0
    }

    private let credentialsClosure: CredentialsClosure
    /// The last challenge answered, by origin.
    private let answered = Locked([Origin: Answered]())

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

    /// Answers the challenge remembered for the request's origin, if any, unless the request
    /// already carries an `Authorization` header.
    ///
    /// - Throws: ``QuiverError/invalidRequest(_:)`` for a Basic user name with a colon (RFC 7617
    ///   cannot carry it); what the credentials closure throws.
    public func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
        guard request.value(forHTTPHeaderField: "Authorization") == nil, let url = request.url,
              case let origin = Origin(url), answered.withLock({ $0[origin] != nil }),
              let credential = try await credentialsClosure(target),
              let user = credential.user, let password = credential.password
        else { return request }
        // Taken and counted in one step, so that concurrent requests never share a nonce count.
        guard let (challenge, count) = answered.withLock({ state -> (AuthenticationChallenge, Int)? in
            guard var entry = state[origin] else { return nil }
            entry.nonceCount += 1
            state[origin] = entry
            return (entry.challenge, entry.nonceCount)
        }) else { return request }

        let value: String
        if let digest = DigestAuthorization(challenge, bodyIsKnown: Self.bodyIsKnown(request)) {
            value = digest.header(user: user, password: password, method: request.httpMethod ?? "GET",
                                  uri: Self.requestTarget(of: url), body: request.httpBody,
                                  nonceCount: count, clientNonce: DigestAuthorization.makeClientNonce())
        } else if challenge.scheme == "basic" {
            guard !user.contains(":") else {
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
        guard case .failure(.statusCode(let response)) = result, response.statusCode == 401,
              let url = request.url, Origin.answered(response, fromOriginOf: request),
              let header = response.value(forHTTPHeaderField: "WWW-Authenticate"),
              let challenge = Self.preferred(AuthenticationChallenge.parse(header), bodyIsKnown: Self.bodyIsKnown(request))
        else { return .doNotRetry }
        if let sent = request.value(forHTTPHeaderField: "Authorization") {
            // A stale nonce is answered again by the first two attempts only: a server that
            // calls every nonce stale cannot make a request loop.
            guard attempt <= 2, sent.lowercased().hasPrefix("digest "),
                  DigestAuthorization(challenge, bodyIsKnown: Self.bodyIsKnown(request))?.isStale == true
            else { return .doNotRetry }
        }
        do {
            guard try await credentialsClosure(target) != nil else { return .doNotRetry }
        } catch {
            return .fail(QuiverError(pluginError: error))
        }
        answered.withLock { $0[Origin(url)] = Answered(challenge: challenge) }
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
