import Foundation

/// A target that asks for an access token. Targets that do not adopt it, or answer `nil`,
/// are sent without one.
public protocol AccessTokenAuthorizable {
    /// How the token is presented, or `nil` for no token.
    var authorizationType: AuthorizationType? { get }
}
