/// One header field of a response, as the server sent it: its name as spelled on the wire and its
/// value. A name the server sent more than once is one field per line, in the order they came
/// (``Response/headerFields``), never joined.
///
/// ```swift
/// for field in response.headerFields where field.name.lowercased() == "set-cookie" {
///     print(field.value)   // each cookie on its own, commas in `Expires` and all
/// }
/// ```
public struct HTTPHeaderField: Sendable, Hashable, CustomStringConvertible {
    /// The field name, spelled as received (compare names case-insensitively).
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a header field.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `Name: value`, the value redacted when the name is one ``Redaction/default`` keeps secret.
    public var description: String {
        let redactor = Redaction.defaultRedactor
        return "\(name): \(redactor.isListed(name) ? redactor.marker : value)"
    }
}
