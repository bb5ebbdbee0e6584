import Foundation

/// A target that asks for an access token. Targets that do not adopt it, or answer `nil`,
/// are sent without one.
public protocol AccessTokenAuthorizable {
    /// How the token is presented, or `nil` for no token.
    var authorizationType: AuthorizationType? { get }
}

extension AccessTokenAuthorizable {
    /// `target`'s authorization type, for a target of this very type: its type's identity is
    /// compared and its value read as this type, where `as? any AccessTokenAuthorizable`
    /// searches the conformance tables and `as? Self` looks up the metadata of `Self?`. A
    /// target of another type is cast to the protocol.
    static func authorizationType(of target: any TargetType) -> AuthorizationType? {
        func read<Target: TargetType>(_ opened: Target) -> AuthorizationType? {
            guard Target.self == Self.self else {
                return (opened as? any AccessTokenAuthorizable)?.authorizationType
            }
            // The same type, so the same layout: the value is read as what it is.
            return withUnsafePointer(to: opened) { pointer in
                UnsafeRawPointer(pointer).assumingMemoryBound(to: Self.self).pointee.authorizationType
            }
        }
        return read(target)
    }
}
