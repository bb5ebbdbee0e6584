/// Percent-encoding per RFC 3986, working on UTF-8 bytes: the unreserved bytes
/// (``ASCII/isUnreserved(_:)``) are copied, every other byte becomes `%XX` with uppercase hex
/// digits, and in a form a space may be written as `+` instead. The one encoder behind form
/// bodies and queries, `\(segment:)` path values, Digest user names and redaction's spellings.
enum PercentEscaper {
    /// Appends the percent-encoded UTF-8 bytes of a string.
    static func append(_ string: String, to buffer: inout ByteBuffer, spacesAsPlus: Bool) {
        var string = string
        string.withUTF8 { bytes in
            append(bytes: bytes, to: &buffer, spacesAsPlus: spacesAsPlus)
        }
    }

    /// Appends percent-encoded bytes, copying runs of unreserved bytes at once.
    static func append(bytes: UnsafeBufferPointer<UInt8>, to buffer: inout ByteBuffer, spacesAsPlus: Bool) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if ASCII.isUnreserved(byte) {
                index += 1
                continue
            }
            if runStart < index {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            if byte == UInt8(ascii: " ") && spacesAsPlus {
                buffer.append(UInt8(ascii: "+"))
            } else {
                buffer.append(UInt8(ascii: "%"), ASCII.hexDigit(byte >> 4), ASCII.hexDigit(byte & 0x0F))
            }
            index += 1
            runStart = index
        }
        if runStart < bytes.count {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
    }

    /// `bytes` percent-encoded (a space as `%20`).
    static func encoded(_ bytes: [UInt8]) -> [UInt8] {
        var buffer = ByteBuffer(capacity: bytes.count * 3)
        bytes.withUnsafeBufferPointer { append(bytes: $0, to: &buffer, spacesAsPlus: false) }
        return buffer.withUnsafeBytes { Array($0) }
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
               let high = ASCII.hexValue(bytes[index + 1]), let low = ASCII.hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte == UInt8(ascii: "+") && plusAsSpace ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}
