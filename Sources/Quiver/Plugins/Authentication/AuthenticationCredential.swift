import Foundation

/// An access token with what it takes to renew it.
public struct AuthenticationCredential: Sendable, Hashable {
    /// The token sent with requests.
    public var accessToken: String
    /// The token that renews it, if the API has one.
    public var refreshToken: String?
    /// When the access token stops working, if known.
    public var expiresAt: Date?

    /// Creates a credential.
    ///
    /// - Parameters:
    ///   - accessToken: The token sent with requests.
    ///   - refreshToken: The token that renews it.
    ///   - expiresAt: When the access token stops working, if known.
    public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    /// Whether the token expires within `margin` seconds of `now` (or already has).
    ///
    /// - Parameters:
    ///   - margin: How early to count a token as expiring.
    ///   - now: The current time.
    /// - Returns: `true` when it should be refreshed before use.
    public func expires(within margin: TimeInterval, of now: Date = Date()) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= margin
    }
}
