import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one redaction policy of Quiver: which names carry secrets, and the marker that replaces
/// them. Everything that leaves the process with request or response data in it passes through
/// it: log lines and cURL commands (``NetworkLoggerPlugin``), recorded fixtures
/// (`RecordingPlugin`), error descriptions and their `NSError` user info (``QuiverError``),
/// the `description`, `debugDescription` and mirror (`dump()`) of ``Response``,
/// ``Endpoint`` and ``TransportRequest``, and ``redactedURL(of:)`` for outputs of your own.
///
/// ```swift
/// Redaction.default = Redaction(headers: ["X-Tenant-Key"], bodyKeys: ["pin"])   // at startup
/// ```
///
/// It works in two steps. **By structure**: the value of every listed name is replaced wherever
/// the name stands as a name, compared case-insensitively: a request or response header (and
/// `-H` of a cURL command), a parameter of a URL query, form body or any `name=value` text
/// (percent-decoded; `user[password]` matches `password`), a JSON key at any depth (the whole
/// value, even an object), `Name: value` in free text; and the password of a URL
/// (`https://user:password@host`), however short. **By value**: every value removed that way,
/// and the parts of credentials (the token of `Bearer <token>`, the `user:password` of a Basic
/// credential and its password, each cookie's value), is then replaced wherever else it stands,
/// in every spelling: as written, percent-encoded, JSON-escaped (also with `\/`), JSON-escaped
/// twice, and in base64; in text and in binary bodies alike. Values shorter than six bytes are
/// replaced by structure only (a short cookie value where it stands with its cookie's name),
/// since they would match ordinary words.
///
/// The three sets of names are matched everywhere (a secret does not stop being secret when it
/// moves from the query to the body); they are separate only to say what you mean.
public struct Redaction: Sendable, Equatable {
    /// The names always redacted, whatever the policy: the credential headers and the keys that
    /// commonly hold passwords and tokens.
    public static let alwaysRedactedNames: Set<String> = [
        "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key",
        "password", "passwd", "secret", "client_secret", "token", "access_token", "refresh_token", "id_token",
        "api_key", "apikey",
    ]

    /// The policy that error descriptions and the descriptions and mirrors of responses,
    /// endpoints and transport requests use, and the default of ``NetworkLoggerPlugin`` and
    /// `RecordingPlugin`. Set it once, at startup, to add your own names everywhere.
    public static var `default`: Redaction {
        get { current.withLock { $0.policy } }
        set { current.withLock { $0 = (newValue, Redactor(newValue)) } }
    }

    /// Header names to redact besides ``alwaysRedactedNames``.
    public var headers: Set<String>
    /// Query parameter names to redact.
    public var queryParameters: Set<String>
    /// JSON body keys and form field names to redact.
    public var bodyKeys: Set<String>
    /// The text that replaces each secret; an empty marker is taken as `<redacted>`.
    public var marker: String

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - headers: Header names to redact besides ``alwaysRedactedNames``, for example `["X-Tenant-Key"]`.
    ///   - queryParameters: Query parameter names to redact, for example `["sig"]`.
    ///   - bodyKeys: JSON keys and form field names to redact, for example `["pin"]`.
    ///   - marker: The text that replaces each secret. Defaults to `<redacted>`.
    public init(headers: Set<String> = [], queryParameters: Set<String> = [], bodyKeys: Set<String> = [],
                marker: String = "<redacted>") {
        self.headers = headers
        self.queryParameters = queryParameters
        self.bodyKeys = bodyKeys
        self.marker = marker
    }

    /// Every redacted name: ``alwaysRedactedNames`` and the three sets.
    var allNames: Set<String> {
        Self.alwaysRedactedNames.union(headers).union(queryParameters).union(bodyKeys)
    }

    /// ``default`` and its redactor, made once per change rather than once per description.
    private static let current = Locked((policy: Redaction(), redactor: Redactor(Redaction())))

    /// The redactor of ``default``.
    static var defaultRedactor: Redactor {
        current.withLock { $0.redactor }
    }

    /// The URL of `request` as every Quiver output shows it, for an output of your own (a
    /// tracing span, a metric exemplar): redacted by ``default``, with every secret that the
    /// request's header fields carry replaced wherever the URL repeats it. The body is not read,
    /// so that the cost stays the same whatever its size.
    ///
    /// - Parameter request: The request.
    /// - Returns: Its URL, redacted, or `(no URL)`.
    public static func redactedURL(of request: URLRequest) -> String {
        var pass = RedactionPass(defaultRedactor)
        let url = pass.collect(from: request, includingBody: false) ?? "(no URL)"
        return pass.finish(url)
    }
}
