/// The first syntax error in a JSON text, and where it is.
struct JSONSyntaxError: Error, Hashable, Sendable {
    /// What is wrong, such as `expected ',' or '}' after an object member, found '"'`.
    var message: String
    /// Where the scanner found it.
    var position: SourcePosition
}
