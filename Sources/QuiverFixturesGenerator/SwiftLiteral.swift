import Foundation

/// Swift source text for embedded values: raw string literals for text, Base64 for other bytes,
/// so that compile times stay flat (no `[UInt8]` array literals) and the value is exact.
enum SwiftLiteral {
    /// Width of the lines Base64 is wrapped at.
    static let base64LineWidth = 76

    /// An expression of type `Data` holding exactly `bytes`: `Data(<string literal>.utf8)` for UTF-8
    /// text without NUL bytes, else a wrapped Base64 literal.
    ///
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - indent: The indentation of the line the expression starts on.
    static func data(_ bytes: Data, indent: String) -> String {
        if bytes.isEmpty {
            return "Data()"
        }
        if !bytes.contains(0), let text = utf8Text(bytes) {
            return "Data(\(string(text, indent: indent)).utf8)"
        }
        let encoded = bytes.base64EncodedString()
        var lines: [Substring] = []
        var start = encoded.startIndex
        while start < encoded.endIndex {
            let end = encoded.index(start, offsetBy: base64LineWidth, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines.append(encoded[start..<end])
            start = end
        }
        let inner = indent + "    "
        return "Data(base64Encoded: \"\"\"\n" + lines.map { inner + $0 + "\n" }.joined()
            + inner + "\"\"\", options: .ignoreUnknownCharacters) ?? Data()"
    }

    /// `bytes` as a string when they are well-formed UTF-8 (a byte order mark included), else `nil`.
    static func utf8Text(_ bytes: Data) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// A string literal whose value is exactly `text` (a raw one, with enough `#`, when `text` has
    /// quotes or backslashes): one line when `text` has no line feed, else a multi-line literal
    /// indented by `indent` plus four spaces. Every control character but the line feed (tabs
    /// and carriage returns included: the compiler refuses a raw tab in a single-line literal),
    /// the byte order mark and the invisible separators are written as escapes, so that the
    /// source compiles and no editor or newline normalisation can change them.
    ///
    /// - Parameters:
    ///   - text: The value.
    ///   - indent: The indentation of the line the literal starts on.
    static func string(_ text: String, indent: String = "") -> String {
        let hashes = String(repeating: "#", count: delimiterHashCount(for: text))
        let escape = "\\" + hashes
        var body = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || !needsEscape(scalar) {
                body.unicodeScalars.append(scalar)
            } else if scalar == "\r" {
                body += escape + "r"
            } else if scalar == "\t" {
                body += escape + "t"
            } else {
                body += escape + "u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        if !body.contains("\n") {
            if body.hasPrefix("\"\"") {
                body = escape + body   // `#"""` would open a multi-line literal: escape the first quote
            }
            return hashes + "\"" + body + "\"" + hashes
        }
        let inner = indent + "    "
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : inner + $0 }
        return hashes + "\"\"\"\n" + lines.joined(separator: "\n") + "\n" + inner + "\"\"\"" + hashes
    }

    /// No `#` for text without quotes or backslashes, else one more than the longest run of `#`
    /// after a quote or backslash in `text`, so that nothing in `text` can end the literal or start
    /// an escape.
    static func delimiterHashCount(for text: String) -> Int {
        guard text.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" }) else { return 0 }
        var longest = 0
        var run: Int?
        for scalar in text.unicodeScalars {
            if scalar == "#", let current = run {
                run = current + 1
                longest = max(longest, current + 1)
            } else {
                run = scalar == "\"" || scalar == "\\" ? 0 : nil
            }
        }
        return longest + 1
    }

    /// Control characters, the byte order mark and the Unicode line and
    /// paragraph separators.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{FEFF}" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
