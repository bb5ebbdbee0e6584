import Foundation
import Quiver

/// JSON handled as text, token by token, so that nothing is reinterpreted: a number keeps its
/// digits (`1234567890123456789`, `0.10`), a string its escapes. Only the white space between
/// tokens changes. Every function expects well-formed JSON (see ``isDocument(_:)``).
enum JSONText {
    /// Whether `data` is a JSON object or array, starting at its first byte: only those are
    /// stored as JSON in a fixture. Strict JSON, as the fixtures generator reads it: Foundation
    /// on Linux also reads a trailing comma (`[1,2,]`), which is refused here.
    static func isDocument(_ data: Data) -> Bool {
        guard let first = data.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
        guard (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil else { return false }
        return !hasTrailingComma(Array(minified(data)))
    }

    /// Whether minified JSON has a `,` just before a `]` or `}`, outside strings.
    private static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                index = stringEnd(in: bytes, from: index)
                continue
            }
            if byte == UInt8(ascii: ","), index + 1 < bytes.count,
               bytes[index + 1] == UInt8(ascii: "]") || bytes[index + 1] == UInt8(ascii: "}") {
                return true
            }
            index += 1
        }
        return false
    }

    /// `data` as text when it is UTF-8 that reads back as exactly these bytes, else `nil`.
    /// `String(data:encoding: .utf8)` drops a leading byte order mark, which would take three
    /// bytes off a body written as text.
    static func exactUTF8(_ data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        return text.utf8.elementsEqual(data) ? text : nil
    }

    /// `data` without white space between tokens.
    static func minified(_ data: some Collection<UInt8>) -> Data {
        let bytes = Array(data)
        var out = Data(capacity: bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                let end = stringEnd(in: bytes, from: index)
                out.append(contentsOf: bytes[index..<end])
                index = end
            } else {
                if !isWhitespace(byte) { out.append(byte) }
                index += 1
            }
        }
        return out
    }

    /// `data` laid out as `JSONEncoder` pretty-prints: two spaces per level, one member or
    /// element per line, `"key" : value`; empty containers stay `{}` and `[]`.
    ///
    /// - Parameters:
    ///   - data: A JSON object or array.
    ///   - level: The nesting level the value starts at (its lines are indented one level more).
    static func indented(_ data: Data, level: Int) -> String {
        let bytes = Array(minified(data))
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var depth = level
        func newLine() {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case quote:
                let end = stringEnd(in: bytes, from: index)
                out.append(contentsOf: bytes[index..<end])
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                if index + 1 < bytes.count, bytes[index + 1] == byte + 2 {   // `}` is `{` + 2, `]` is `[` + 2
                    out.append(bytes[index + 1])
                    index += 2
                    continue
                }
                depth += 1
                newLine()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newLine()
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newLine()
            case UInt8(ascii: ":"):
                out.append(contentsOf: Array(" : ".utf8))
            default:
                out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of the value of `key` in the top-level object of `data`, as written (white
    /// space included), or `nil` when there is no such member.
    static func member(_ key: String, in data: Data) -> Data? {
        let bytes = Array(data)
        var index = skipWhitespace(in: bytes, from: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        while true {
            index = skipWhitespace(in: bytes, from: index)
            guard index < bytes.count, bytes[index] == quote else { return nil }
            let keyEnd = stringEnd(in: bytes, from: index)
            let name = Data(bytes[index..<keyEnd])
            index = skipWhitespace(in: bytes, from: keyEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            let valueStart = skipWhitespace(in: bytes, from: index + 1)
            let valueEnd = valueEnd(in: bytes, from: valueStart)
            if (try? JSONDecoder().decode(String.self, from: name)) == key {
                return Data(bytes[valueStart..<valueEnd])
            }
            index = skipWhitespace(in: bytes, from: valueEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    // MARK: Tokens

    private static let quote = UInt8(ascii: "\"")

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    private static func skipWhitespace(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    /// The index just past the string that opens at `open`, escapes skipped.
    private static func stringEnd(in bytes: [UInt8], from open: Int) -> Int {
        var index = open + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case quote: return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    /// The index just past the value that starts at `start`.
    private static func valueEnd(in bytes: [UInt8], from start: Int) -> Int {
        guard start < bytes.count else { return bytes.count }
        switch bytes[start] {
        case quote:
            return stringEnd(in: bytes, from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case quote:
                    index = stringEnd(in: bytes, from: index)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return bytes.count
        default:
            var index = start
            while index < bytes.count, !isWhitespace(bytes[index]),
                  bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "}"), bytes[index] != UInt8(ascii: "]") {
                index += 1
            }
            return index
        }
    }
}
