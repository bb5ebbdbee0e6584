/// Percent-encoding of form keys and values per RFC 3986, working on UTF-8
/// bytes: the unreserved characters `A–Z a–z 0–9 - . _ ~` are copied, every
/// other byte becomes `%XX` with uppercase hex digits, and a space may be
/// written as `+` instead.
enum PercentEscaper {
    /// `true` at the index of every byte that is written as it is.
    static let unreservedBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for byte in "-._~".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// Appends the percent-encoded UTF-8 bytes of a string.
    static func append(_ string: String, to buffer: inout ByteBuffer, spacesAsPlus: Bool) {
        var string = string
        string.withUTF8 { bytes in
            append(bytes: bytes, to: &buffer, spacesAsPlus: spacesAsPlus)
        }
    }

    /// Appends percent-encoded bytes, copying runs of unreserved bytes at once.
    static func append(bytes: UnsafeBufferPointer<UInt8>, to buffer: inout ByteBuffer, spacesAsPlus: Bool) {
        let unreserved = unreservedBytes
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if unreserved[Int(byte)] {
                index += 1
                continue
            }
            if runStart < index {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            if byte == UInt8(ascii: " ") && spacesAsPlus {
                buffer.append(UInt8(ascii: "+"))
            } else {
                buffer.append(UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0x0F))
            }
            index += 1
            runStart = index
        }
        if runStart < bytes.count {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
    }

    /// Decodes percent-encoded bytes back to text; used only to name paths
    /// in error messages.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte == UInt8(ascii: "+") && plusAsSpace ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    /// The value of the hex digit `byte`, or `nil` when it is none.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
