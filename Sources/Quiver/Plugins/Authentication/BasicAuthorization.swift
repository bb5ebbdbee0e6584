import Foundation

extension Dictionary where Key == String, Value == String {
    /// The `Authorization` header for HTTP Basic authentication (RFC 7617): `Basic` and the
    /// Base64 of `user:password` in UTF-8 (CodyFire's `.basicAuth(email:password:)`).
    ///
    /// ```swift
    /// var headers: [String: String]? { .basicAuthorization(user: email, password: password) }
    /// ```
    ///
    /// A user name cannot hold `:` in Basic authentication (the server splits the pair at the
    /// first `:`); such a pair gives a header value that Quiver refuses with
    /// ``QuiverError/invalidRequest(_:)``, so nothing is sent.
    ///
    /// - Parameters:
    ///   - user: The user name (an email, say), without `:`.
    ///   - password: The password; any character, `:` included.
    /// - Returns: `["Authorization": "Basic …"]`, to use as a target's headers or merge into them.
    public static func basicAuthorization(user: String, password: String) -> [String: String] {
        [BasicAuthorization.headerName: BasicAuthorization.value(user: user, password: password)]
    }
}

/// Builds the value of a Basic `Authorization` header.
enum BasicAuthorization {
    /// The header's name.
    static let headerName = "Authorization"

    /// What a header holds when its user name has a `:`. The NUL makes
    /// ``RequestValidator`` refuse it before anything is sent, and the text says why.
    static let refusedValue = "Basic \u{0}the user name contains \":\", which Basic authentication cannot carry"

    /// Whether Basic authentication can carry `user`: not when it holds a `:`, which would
    /// end the user name early. Scalar by scalar: a `:` that a combining mark follows is one
    /// character with it, which a search by character passes over.
    static func canCarry(user: String) -> Bool {
        !user.unicodeScalars.contains(":")
    }

    /// `Basic base64(user:password)`, or ``refusedValue`` when `user` holds a `:`.
    static func value(user: String, password: String) -> String {
        guard canCarry(user: user) else { return refusedValue }
        return "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}
