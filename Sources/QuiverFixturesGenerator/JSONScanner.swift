/// A strict JSON (RFC 8259) syntax checker that reports the line and column of the first error.
///
/// Foundation's parsers say that a text is malformed, but on Linux not always where; a fixture
/// that fails the build must point at the line to fix. The scanner reads bytes once, keeps the
/// line and column as it goes, and builds no values (only the top-level keys, for messages about
/// a fixture's shape).
struct JSONScanner {
    /// Nesting deeper than this is refused rather than risking the stack.
    static let maximumDepth = 512

    let bytes: [UInt8]
    var index = 0
    var line = 1
    var column = 1

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Checks that `bytes` hold exactly one JSON value, surrounded by optional white space (and a
    /// UTF-8 byte order mark).
    ///
    /// - Parameter bytes: The text, in UTF-8.
    /// - Returns: The kind of the value and, for an object, its keys.
    /// - Throws: The first ``JSONSyntaxError``.
    static func scan(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONOutline {
        var scanner = JSONScanner(Array(bytes))
        if scanner.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            scanner.index = 3
        }
        scanner.skipWhitespace()
        if scanner.atEnd {
            throw scanner.error("the file is empty: expected a JSON value")
        }
        var keys: [(name: String, position: SourcePosition)] = []
        let kind = try scanner.scanValue(depth: 1, keys: &keys)
        scanner.skipWhitespace()
        if !scanner.atEnd {
            throw scanner.error("unexpected \(scanner.found) after the JSON value (only one value is allowed)")
        }
        return JSONOutline(kind: kind, keys: keys)
    }

    // MARK: Reading

    var atEnd: Bool { index >= bytes.count }

    var current: UInt8? { atEnd ? nil : bytes[index] }

    var position: SourcePosition { SourcePosition(line: line, column: column) }

    /// Moves past one byte, keeping line and column: a line feed starts a line, and UTF-8
    /// continuation bytes do not count as columns.
    mutating func advance() {
        guard let byte = current else { return }
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            advance()
        }
    }

    /// The current byte for a message: `'x'`, `end of file`, or a hint for common mistakes.
    var found: String {
        guard let byte = current else { return "end of file" }
        if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") {
            return "a comment (JSON has none)"
        }
        if byte == UInt8(ascii: "'") {
            return "\"'\" (JSON strings use double quotes)"
        }
        if byte < 0x20 || byte == 0x7F {
            return "control character \(byte)"
        }
        if byte >= 0x80 {
            return "a non-ASCII character"
        }
        return "'\(Character(Unicode.Scalar(byte)))'"
    }

    func error(_ message: String, at position: SourcePosition? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position ?? self.position)
    }

    // MARK: Values

    /// Scans the value at the current byte; `keys` collects the keys of a top-level object.
    mutating func scanValue(depth: Int, keys: inout [(name: String, position: SourcePosition)]) throws(JSONSyntaxError) -> JSONOutline.Kind {
        guard depth <= Self.maximumDepth else {
            throw error("nested more than \(Self.maximumDepth) levels deep")
        }
        guard let byte = current else {
            throw error("expected a JSON value, found end of file")
        }
        switch byte {
        case UInt8(ascii: "{"):
            try scanObject(depth: depth, keys: &keys)
            return .object
        case UInt8(ascii: "["):
            try scanArray(depth: depth)
            return .array
        case UInt8(ascii: "\""):
            _ = try scanString(decoding: false)
            return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            try scanLiteral()
            return .literal
        default:
            throw error("expected a JSON value, found \(found)")
        }
    }

    private mutating func scanObject(depth: Int, keys: inout [(name: String, position: SourcePosition)]) throws(JSONSyntaxError) {
        let start = position
        advance()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return
        }
        var nested: [(name: String, position: SourcePosition)] = []
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw error(atEnd ? "unexpected end of file in the object that starts at \(start)"
                                  : "expected a member name in double quotes, found \(found)")
            }
            let keyPosition = position
            let key = try scanString(decoding: depth == 1)
            if depth == 1 {
                keys.append((key ?? "", keyPosition))
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name, found \(found)")
            }
            advance()
            skipWhitespace()
            _ = try scanValue(depth: depth + 1, keys: &nested)
            if try scanSeparator(closing: "}", after: "an object member", in: "object", startingAt: start) {
                return
            }
        }
    }

    private mutating func scanArray(depth: Int) throws(JSONSyntaxError) {
        let start = position
        advance()
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return
        }
        var nested: [(name: String, position: SourcePosition)] = []
        while true {
            if atEnd {
                throw error("unexpected end of file in the array that starts at \(start)")
            }
            _ = try scanValue(depth: depth + 1, keys: &nested)
            if try scanSeparator(closing: "]", after: "an array element", in: "array", startingAt: start) {
                return
            }
        }
    }

    /// Scans what follows a member or element: a comma (not followed by `closing`), or `closing`.
    ///
    /// - Returns: Whether the container ended.
    private mutating func scanSeparator(closing: Unicode.Scalar, after item: String, in container: String,
                                        startingAt start: SourcePosition) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","):
            advance()
            skipWhitespace()
            if current == UInt8(ascii: closing) {
                throw error("a trailing comma before '\(closing)' is not allowed")
            }
            return false
        case UInt8(ascii: closing):
            advance()
            return true
        case nil:
            throw error("unexpected end of file in the \(container) that starts at \(start)")
        default:
            throw error("expected ',' or '\(closing)' after \(item), found \(found)")
        }
    }
}
