/// An HTTP request method.
///
/// The common methods are provided as constants; any other token can be made with
/// `HTTPMethod(rawValue:)` or a string literal.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token as sent on the wire, for example `"GET"`.
    public let rawValue: String

    /// Creates a method from its token. The token is used exactly as given.
    ///
    /// - Parameter rawValue: The method name, for example `"PROPFIND"`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a method from a string literal.
    ///
    /// - Parameter value: The method name.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The method token.
    public var description: String { rawValue }

    /// `CONNECT`
    public static let connect: HTTPMethod = "CONNECT"
    /// `DELETE`
    public static let delete: HTTPMethod = "DELETE"
    /// `GET`
    public static let get: HTTPMethod = "GET"
    /// `HEAD`
    public static let head: HTTPMethod = "HEAD"
    /// `OPTIONS`
    public static let options: HTTPMethod = "OPTIONS"
    /// `PATCH`
    public static let patch: HTTPMethod = "PATCH"
    /// `POST`
    public static let post: HTTPMethod = "POST"
    /// `PUT`
    public static let put: HTTPMethod = "PUT"
    /// `TRACE`
    public static let trace: HTTPMethod = "TRACE"

    /// Whether a request with this method must not carry a body (`GET` and `HEAD`).
    ///
    /// URLSession refuses such a body on Linux and drops it elsewhere, so Quiver rejects it
    /// before anything is sent.
    public var forbidsBody: Bool {
        self == .get || self == .head
    }

    /// The method for a metric label or a span attribute, whose values must stay few: one of
    /// the constants above in upper case, or `_OTHER` for any other token, as OpenTelemetry's
    /// HTTP conventions name it.
    public var telemetryName: String {
        let name = rawValue.uppercased()
        return Self.constants.contains(name) ? name : "_OTHER"
    }

    /// The tokens of the constants above.
    private static let constants: Set<String> = ["CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "TRACE"]
}
