import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sets `Authorization: <scheme> <token>` on the requests of targets that adopt
/// ``AccessTokenAuthorizable``, with a token fetched per request.
///
/// ```swift
/// extension Petstore: AccessTokenAuthorizable {
///     var authorizationType: AuthorizationType? { .bearer }   // per endpoint; nil: sent without a token
/// }
///
/// /// Where the app keeps the signed-in user's access token.
/// actor Keychain {
///     private var accessToken = "secret-token"   // set at sign-in
///
///     func token() throws -> String { accessToken }
/// }
///
/// let keychain = Keychain()
/// let signedIn = Provider<Petstore>(plugins: [AccessTokenPlugin { _ in try await keychain.token() }])
/// ```
///
/// `Petstore` stands for any target of the app, as in <doc:GettingStarted>. A target that does not
/// adopt ``AccessTokenAuthorizable`` is sent without the token.
///
/// For tokens that expire and must be refreshed, use ``AuthenticationPlugin``.
public struct AccessTokenPlugin: PluginType {
    /// Fetches the token for a target.
    let tokenClosure: @Sendable (any TargetType) async throws -> String

    /// Creates the plugin.
    ///
    /// - Parameter tokenClosure: Fetches the token for a target; what it throws refuses the
    ///   request with ``QuiverError/plugin(_:)``.
    public init(tokenClosure: @escaping @Sendable (any TargetType) async throws -> String) {
        self.tokenClosure = tokenClosure
    }

    /// Sets the `Authorization` header for targets that ask for it.
    ///
    /// - Throws: What `tokenClosure` throws, or ``QuiverError/invalidRequest(_:)`` for a token
    ///   holding CR or LF.
    public func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
        guard let type = (target as? any AccessTokenAuthorizable)?.authorizationType else { return request }
        return try Self.authorize(request, scheme: type.scheme, token: try await tokenClosure(target))
    }

    /// `request` with `Authorization: <scheme> <token>`, the value checked first: Foundation
    /// silently drops a header value holding CR or LF, where Quiver refuses the request.
    ///
    /// - Throws: ``QuiverError/invalidRequest(_:)`` naming the request's method and URL.
    static func authorize(_ request: consuming URLRequest, scheme: String, token: String) throws(QuiverError) -> URLRequest {
        let value = scheme + " " + token
        try RequestValidator.validate(value: value, ofHeader: "Authorization", method: request.httpMethod ?? "GET",
                                      url: request.url?.absoluteString ?? "")
        request.setHeaderField(value, spelledName: "Authorization")
        return request
    }
}
