import Foundation

/// A target that asks for an access token. Targets that do not adopt it, or answer `nil`,
/// are sent without one.
public protocol AccessTokenAuthorizable {
    /// How the token is presented, or `nil` for no token.
    var authorizationType: AuthorizationType? { get }
}

extension AccessTokenAuthorizable {
    /// `target`'s authorization type, for a target of this very type: a cast to a concrete
    /// type compares two type identities, where `as? any AccessTokenAuthorizable` searches the
    /// conformance tables. A target of another type is cast to the protocol, as before.
    static func authorizationType(of target: any TargetType) -> AuthorizationType? {
        if let typed = target as? Self {
            return typed.authorizationType
        }
        return (target as? any AccessTokenAuthorizable)?.authorizationType
    }
}
