import Foundation

/// How a token is presented in the `Authorization` header.
public enum AuthorizationType: Sendable, Hashable {
    /// `Basic <token>`
    case basic
    /// `Bearer <token>`
    case bearer
    /// `<scheme> <token>`, for example `.custom("Token")`.
    case custom(String)

    /// The scheme written before the token.
    public var scheme: String {
        switch self {
        case .basic: "Basic"
        case .bearer: "Bearer"
        case .custom(let scheme): scheme
        }
    }
}
