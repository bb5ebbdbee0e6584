/// ASCII letter tests on single bytes, for the byte-level checks of header names, URLs and
/// redaction: HTTP compares these names ignoring the case of ASCII letters only.
enum ASCII {
    /// Whether `byte` is an ASCII letter.
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// `byte` in lowercase when it is an ASCII capital, else unchanged.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
