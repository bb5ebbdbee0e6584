import Foundation

/// Replaces the values of listed names in log text with a marker, and reports what it removed.
///
/// One linear pass over the UTF-8 bytes finds four shapes, whatever the text is (a URL, a JSON
/// or form body, a cURL command, an error description):
/// 1. `name=value` (query strings, form bodies): the value up to `&`, `#`, `;`, a quote or
///    whitespace; the name is percent-decoded and `a[b]` matches `a` or `b`;
/// 2. `"name": value` (JSON at any depth): a string, number, object or array value;
/// 3. `Name: value` (headers in free text): the value up to the end of the line or a quote;
/// 4. `scheme://user:password@`: the password.
///
/// Names are compared case-insensitively. A value that already is the marker is left alone,
/// so redacting twice changes nothing.
struct Redactor: Sendable {
    /// Values shorter than this (in UTF-8 bytes) are not searched for in free text by
    /// ``RedactionPass/finish(_:)``: they would match ordinary words.
    static let minimumScrubbedLength = 6

    /// The listed names, lowercased.
    let names: Set<String>
    /// The text that replaces each secret.
    let marker: String

    /// Creates a redactor for `names`; an empty `marker` is taken as `<redacted>`.
    init(names: some Sequence<String>, marker: String) {
        self.names = Set(names.map { $0.lowercased() })
        self.marker = marker.isEmpty ? "<redacted>" : marker
    }

    /// Creates the redactor of a configuration's redaction list.
    init(_ redaction: NetworkLoggerPlugin.Configuration.Redaction) {
        self.init(names: redaction.allNames, marker: redaction.marker)
    }

    /// Whether `name` (a header name or JSON key) is listed.
    func isListed(_ name: some StringProtocol) -> Bool {
        names.contains(name.lowercased())
    }

    /// Whether a query or form parameter name is listed: compared after percent-decoding
    /// (`+` is a space), whole or by any bracketed part (`user[password]`).
    func isListedParameter(_ rawName: String) -> Bool {
        let decoded = (rawName.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? rawName).lowercased()
        if names.contains(decoded) { return true }
        return decoded.split(whereSeparator: { $0 == "[" || $0 == "]" }).contains { names.contains(String($0)) }
    }

    /// `text` with the value of every listed name replaced by the marker.
    ///
    /// - Returns: The redacted text, and the values removed (as they stood in `text`).
    func redact(_ text: String) -> (text: String, removed: [String]) {
        var scanner = RedactionScanner(bytes: Array(text.utf8), redactor: self)
        scanner.run()
        return (String(decoding: scanner.output, as: UTF8.self), scanner.removed)
    }
}
