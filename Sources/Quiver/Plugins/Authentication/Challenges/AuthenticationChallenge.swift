/// One challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1): a scheme and its parameters.
///
/// A header may hold several challenges (`Digest realm="a", nonce="b", Basic realm="a"`), and on
/// Linux several `WWW-Authenticate` fields arrive joined by commas; ``parse(_:)`` splits them.
struct AuthenticationChallenge: Sendable, Equatable {
    /// The scheme, lowercased: `basic`, `digest`, ….
    let scheme: String
    /// The parameters, by lowercased name, quoted values unescaped.
    let parameters: [String: String]

    /// The parameter `name` (lowercase).
    subscript(name: String) -> String? { parameters[name] }

    /// The challenges in a `WWW-Authenticate` value, in order; a malformed tail is ignored.
    static func parse(_ header: String) -> [AuthenticationChallenge] {
        var scanner = Scanner(Array(header.utf8))
        var challenges: [AuthenticationChallenge] = []
        var scheme: String?
        var parameters: [String: String] = [:]
        while true {
            scanner.skip { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ",") }
            guard let token = scanner.token() else { break }
            scanner.skip { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if scanner.take(UInt8(ascii: "=")) {
                scanner.skip { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                let value = scanner.quotedString() ?? scanner.token() ?? ""
                if scheme != nil {
                    parameters[token.lowercased()] = value
                }
                // A token68 such as `abc==` has further `=`; they carry nothing Quiver answers.
                scanner.skip { $0 == UInt8(ascii: "=") }
            } else {
                if let scheme {
                    challenges.append(AuthenticationChallenge(scheme: scheme, parameters: parameters))
                }
                scheme = token.lowercased()
                parameters = [:]
            }
        }
        if let scheme {
            challenges.append(AuthenticationChallenge(scheme: scheme, parameters: parameters))
        }
        return challenges
    }

    /// Reads tokens and quoted strings from header bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func skip(while matches: (UInt8) -> Bool) {
            while index < bytes.count, matches(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// An RFC 9110 token (`tchar`s), or `nil` when none starts here.
        mutating func token() -> String? {
            let start = index
            skip(while: Self.isTokenCharacter)
            guard index > start else {
                // Not a token: step over the byte so that scanning always moves on.
                if index < bytes.count, bytes[index] != UInt8(ascii: ",") { index += 1 }
                return nil
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A quoted string with its escapes removed, or `nil` when none starts here.
        mutating func quotedString() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var value: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\"), index < bytes.count {
                    value.append(bytes[index])
                    index += 1
                } else {
                    value.append(byte)
                }
            }
            return String(decoding: value, as: UTF8.self)
        }

        private static func isTokenCharacter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "!#$%&'*+-.^_`|~/".utf8.contains(byte)
            }
        }
    }
}
