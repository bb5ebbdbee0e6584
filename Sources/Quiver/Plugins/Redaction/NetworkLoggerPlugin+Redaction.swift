import Foundation

extension NetworkLoggerPlugin.Configuration {
    /// The secrets a ``NetworkLoggerPlugin`` never writes, and the marker that replaces them.
    ///
    /// `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` are always redacted;
    /// add your own names to the three sets. A listed name is redacted **wherever it appears as
    /// a name**, compared case-insensitively:
    /// - as a request or response header (the whole value; `-H` of the cURL command too);
    /// - as a parameter in a URL query, a form body or any `name=value` text (after
    ///   percent-decoding; `user[password]` matches `password`);
    /// - as a JSON key at any depth, objects inside arrays too (the whole value, even an object);
    /// - as `Name: value` in free text such as an error description.
    ///
    /// A secret does not stop being secret when it moves from the query to the body, so the
    /// three sets are matched everywhere; they are separate only to say what you mean.
    /// Passwords in URLs (`https://user:password@host`) are redacted too.
    ///
    /// Every value removed that way (and its parts: the token of `Bearer <token>`, each
    /// cookie's value) is also searched for in all other lines of the same request or outcome,
    /// so a server that echoes a token in its body does not leak it. Values shorter than six
    /// characters are not searched for in free text, where they would match ordinary words.
    public struct Redaction: Sendable, Equatable {
        /// The headers always redacted, whatever the configuration.
        public static let alwaysRedactedHeaders: Set<String> = ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"]

        /// Header names to redact besides ``alwaysRedactedHeaders``.
        public var headers: Set<String>
        /// Query parameter names to redact.
        public var queryParameters: Set<String>
        /// JSON body keys and form field names to redact.
        public var bodyKeys: Set<String>
        /// The text that replaces each secret; an empty marker is taken as `<redacted>`.
        public var marker: String

        /// Creates a redaction list.
        ///
        /// - Parameters:
        ///   - headers: Header names to redact besides ``alwaysRedactedHeaders``, for example `["X-Api-Key"]`.
        ///   - queryParameters: Query parameter names to redact, for example `["api_key"]`.
        ///   - bodyKeys: JSON keys and form field names to redact, for example `["password", "token"]`.
        ///   - marker: The text that replaces each secret. Defaults to `<redacted>`.
        public init(
            headers: Set<String> = [],
            queryParameters: Set<String> = [],
            bodyKeys: Set<String> = [],
            marker: String = "<redacted>"
        ) {
            self.headers = headers
            self.queryParameters = queryParameters
            self.bodyKeys = bodyKeys
            self.marker = marker
        }

        /// Every redacted name: the four headers and the three sets.
        var allNames: Set<String> {
            Self.alwaysRedactedHeaders.union(headers).union(queryParameters).union(bodyKeys)
        }
    }
}
