extension FormSerializer {
    /// Writes `&key=` (without the `&` for the first pair).
    mutating func beginPair(suffix: KeySuffix) {
        if !output.isEmpty {
            output.append(UInt8(ascii: "&"))
        }
        output.append(contentsOf: key)
        Self.append(suffix, to: &output, spacesAsPlus: spacesAsPlus)
        output.append(UInt8(ascii: "="))
    }

    /// Appends the escaped text of a key suffix.
    static func append(_ suffix: KeySuffix, to buffer: inout ByteBuffer, spacesAsPlus: Bool) {
        switch suffix {
        case .name(let name, let nested):
            if nested {
                buffer.append(UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "B"))
                PercentEscaper.append(name, to: &buffer, spacesAsPlus: spacesAsPlus)
                buffer.append(UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "D"))
            } else {
                PercentEscaper.append(name, to: &buffer, spacesAsPlus: spacesAsPlus)
            }
        case .emptyBrackets:
            buffer.append("%5B%5D")
        case .index(let index):
            buffer.append(UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "B"))
            FormNumberWriter.append(Int64(index), to: &buffer)
            buffer.append(UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "D"))
        case .none:
            break
        }
    }

    /// The unescaped key of a value being written, for error messages.
    func path(with suffix: KeySuffix) -> String {
        var fullKey = ByteBuffer(capacity: key.count + 32)
        fullKey.append(contentsOf: key)
        Self.append(suffix, to: &fullKey, spacesAsPlus: spacesAsPlus)
        return fullKey.withUnsafeBytes { PercentEscaper.decode($0, plusAsSpace: spacesAsPlus) }
    }
}
