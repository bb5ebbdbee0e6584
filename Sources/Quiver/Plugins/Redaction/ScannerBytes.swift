/// The bytes a ``RedactionScanner`` looks for, and the sets of them it stops at.
enum ScannerByte {
    static let quote = UInt8(ascii: "\"")
    static let equals = UInt8(ascii: "=")
    static let colon = UInt8(ascii: ":")
    static let slash = UInt8(ascii: "/")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let whitespace = ScannerByteSet(" \t\n\r")
    /// Where a JSON number, `true` or other bare value ends.
    static let jsonScalarEnd = ScannerByteSet(" \t\n\r,}]")
    /// What cannot stand in a parameter name (so a name starts after it).
    static let parameterNameEnd = ScannerByteSet(" \t\n\r?&;\"'(,{<>/=:")
    /// Where a parameter value ends.
    static let parameterValueEnd = ScannerByteSet(" \t\n\r&#;\"'")
    /// What may stand just before a `Name:` field name.
    static let fieldNameStart = ScannerByteSet(" \t\n\r'\"[{,(;")
    /// Where a `Name: value` value ends.
    static let fieldValueEnd = ScannerByteSet("\n\r\"'")
    /// Where the authority of a URL ends.
    static let authorityEnd = ScannerByteSet(" \t\n\r/?#\"'")

    /// RFC 9110 token characters, narrowed to those seen in header names and keys.
    static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }
}

/// A set of ASCII bytes as a bitmask: a lookup costs a shift, not a hash.
struct ScannerByteSet {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ characters: String) {
        for byte in characters.utf8 where byte < 128 {
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low & (1 << byte) != 0 }
        return byte < 128 && high & (1 << (byte - 64)) != 0
    }
}
