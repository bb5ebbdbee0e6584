extension DefaultStringInterpolation {
    /// Writes `value` as exactly one path segment: every byte of its UTF-8 but letters, digits,
    /// `-`, `.`, `_` and `~` percent-encoded, `/`, `?`, `#` and `%` included, so that a value
    /// from a user can never add a segment, a query or a fragment to a target's path.
    ///
    /// ```swift
    /// var path: String { "users/\(segment: login)/repos" }
    /// // login "../../admin" → users/..%2F..%2Fadmin/repos, one segment
    /// ```
    ///
    /// A value `.` or `..` cannot name one segment (servers resolve it, however it is spelled):
    /// it is written `%2E` or `%2E%2E`, and a request with such a segment is refused with
    /// ``QuiverError/invalidRequest(_:)``, nothing sent. A plain `\(value)` is path text
    /// instead: its `/` separate segments.
    ///
    /// - Parameter value: The value, written as its `description`.
    public mutating func appendInterpolation(segment value: some CustomStringConvertible) {
        let text = value.description
        guard text != ".", text != ".." else {
            appendLiteral(text == "." ? "%2E" : "%2E%2E")
            return
        }
        appendLiteral(String(decoding: PercentEscaper.encoded(Array(text.utf8)), as: UTF8.self))
    }
}
