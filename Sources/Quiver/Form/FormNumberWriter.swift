/// Writes numbers as ASCII digits straight into a byte buffer, without
/// going through intermediate strings where it can.
enum FormNumberWriter {
    /// Integral values below this magnitude (2⁵³) are written through the
    /// integer path, which skips building a `String`.
    private static let exactIntegerLimit: Double = 9_007_199_254_740_992

    /// Appends the decimal digits of an integer, with a leading `-` when it
    /// is negative.
    static func append(_ value: Int64, to buffer: inout ByteBuffer) {
        if value < 0 {
            buffer.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        var digitCount = 1
        var rest = magnitude / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        buffer.append(byteCount: digitCount) { digits in
            var index = digits.count
            while index > 0 {
                index -= 1
                digits[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            }
        }
    }

    /// Appends the shortest text that reads back as the same `Double`, with
    /// integral values written without a fraction (`2.0` as `2`).
    ///
    /// The text may contain `+` (as in `1e+20`), so it is percent-encoded on
    /// the way in.
    ///
    /// - Returns: `false`, writing nothing, if the value is NaN or infinite.
    static func append(_ value: Double, to buffer: inout ByteBuffer, spacesAsPlus: Bool) -> Bool {
        guard value.isFinite else { return false }
        if value.rounded(.towardZero) == value, value.magnitude < exactIntegerLimit {
            append(Int64(value), to: &buffer)
            return true
        }
        // `description` is the shortest text that round-trips; it ends in
        // `.0` for integral values up to 2⁵³ and switches to exponent
        // notation (`1e+16`) beyond.
        var text = value.description
        if text.hasSuffix(".0") {
            text.removeLast(2)
        }
        PercentEscaper.append(text, to: &buffer, spacesAsPlus: spacesAsPlus)
        return true
    }
}
