extension JSONScanner {
    /// Scans a string; with `decoding`, returns its value (escapes resolved), else `nil`.
    mutating func scanString(decoding: Bool) throws(JSONSyntaxError) -> String? {
        let start = position
        advance()
        var value: [UInt8] = []
        while true {
            guard let byte = current else {
                throw error("the string that starts at \(start) is not closed", at: start)
            }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return decoding ? String(decoding: value, as: UTF8.self) : nil
            case UInt8(ascii: "\\"):
                let scalar = try scanEscape()
                if decoding {
                    value.append(contentsOf: Array(String(Character(scalar)).utf8))
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("the string that starts at \(start) is not closed on its line (write a line break as \\n)", at: start)
            case 0..<0x20:
                throw error("control character \(byte) must be escaped in a string (\\u\(hex4(UInt16(byte))))")
            case 0x80...:
                let length = try utf8SequenceLength()
                value.append(contentsOf: bytes[index..<(index + length)])
                for _ in 0..<length { advance() }
            default:
                value.append(byte)
                advance()
            }
        }
    }

    /// Scans an escape sequence after a backslash and returns the character it stands for. A lone
    /// surrogate is refused: Foundation's JSON reading refuses it, so an app could not decode the
    /// file.
    private mutating func scanEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = position
        advance()
        guard let byte = current else {
            throw error("unexpected end of file in an escape sequence", at: start)
        }
        advance()
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try scanHex4(escapeStart: start)
            if (0xD800..<0xDC00).contains(unit) {
                guard bytes[index...].starts(with: Array("\\u".utf8)) else { throw loneSurrogate(unit, at: start) }
                let lowStart = position
                advance()
                advance()
                let low = try scanHex4(escapeStart: lowStart)
                guard (0xDC00..<0xE000).contains(low) else { throw loneSurrogate(unit, at: start) }
                let combined = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
                return Unicode.Scalar(combined) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(unit) else { throw loneSurrogate(unit, at: start) }
            return scalar
        default:
            throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))' (JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: start)
        }
    }

    private mutating func scanHex4(escapeStart: SourcePosition) throws(JSONSyntaxError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw error("'\\u' must be followed by four hexadecimal digits", at: escapeStart)
            }
            unit = unit << 4 | UInt16(digit)
            advance()
        }
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private func loneSurrogate(_ unit: UInt16, at start: SourcePosition) -> JSONSyntaxError {
        error("a lone UTF-16 surrogate \\u\(hex4(unit)), which Foundation's JSON reading refuses: "
              + "follow a high surrogate with its low one, or write the character itself", at: start)
    }

    private func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// The length of the well-formed UTF-8 sequence at the current byte (a non-ASCII lead byte).
    private func utf8SequenceLength() throws(JSONSyntaxError) -> Int {
        let lead = bytes[index]
        let (length, secondRange): (Int, ClosedRange<UInt8>) = switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, 0x80...0xBF)
        }
        guard length > 0, index + length <= bytes.count, secondRange.contains(bytes[index + 1]),
              bytes[(index + 2)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 }) else {
            throw error("invalid UTF-8 in a string (the file must be UTF-8)")
        }
        return length
    }

    /// Scans a number: `-`, then `0` or digits not starting with `0`, then an optional fraction
    /// and exponent.
    mutating func scanNumber() throws(JSONSyntaxError) {
        if current == UInt8(ascii: "-") {
            advance()
        }
        if current == UInt8(ascii: "0") {
            advance()
            if let byte = current, Self.isDigit(byte) {
                throw error("a number must not start with 0 unless it is 0 (leading zeros are not allowed)")
            }
        } else if let byte = current, Self.isDigit(byte) {
            skipDigits()
        } else {
            throw error("expected a digit after '-', found \(found)")
        }
        if current == UInt8(ascii: ".") {
            advance()
            try requireDigits(after: "the decimal point")
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                advance()
            }
            try requireDigits(after: "the exponent")
        }
    }

    private mutating func requireDigits(after what: String) throws(JSONSyntaxError) {
        guard let byte = current, Self.isDigit(byte) else {
            throw error("expected a digit after \(what), found \(found)")
        }
        skipDigits()
    }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) {
            advance()
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Scans `true`, `false` or `null`.
    mutating func scanLiteral() throws(JSONSyntaxError) {
        for literal in ["true", "false", "null"] where bytes[index...].starts(with: Array(literal.utf8)) {
            for _ in literal.utf8 { advance() }
            if let byte = current, Self.isIdentifierByte(byte) {
                throw error("unexpected \(found) after '\(literal)'")
            }
            return
        }
        throw error("expected a JSON value, found \(found) (the literals are true, false and null, in lower case)")
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
    }
}
