/// Finds a run of bytes inside other bytes: a multipart boundary in a part's content, a learned
/// secret in a text being redacted.
///
/// It jumps to each place the needle's first byte occurs and compares the rest there: linear in
/// the haystack for the needles searched (a boundary, a token), plain Swift on every platform.
enum ByteSearch {
    /// The first range of `needle` in `haystack`, or `nil`; an empty needle is never found.
    static func firstRange<Haystack: Collection<UInt8>>(of needle: some Collection<UInt8>, in haystack: Haystack) -> Range<Int>?
    where Haystack.Index == Int, Haystack.SubSequence: Collection<UInt8>, Haystack.SubSequence.Index == Int {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var start = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while start <= last {
            guard let candidate = haystack[start...last].firstIndex(of: first) else { return nil }
            if haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) {
                return candidate..<(candidate + needle.count)
            }
            start = candidate + 1
        }
        return nil
    }

    /// Whether `bytes` hold `first` or `second`, and whether they hold `third`, in one look
    /// without a branch per byte, which the compiler turns into a vector loop: the questions a
    /// token is asked on every request, whose cost per byte is a cliff (see
    /// `RedactionPass.rememberCredential`).
    static func presence(of first: UInt8, or second: UInt8, and third: UInt8,
                         in bytes: some Sequence<UInt8>) -> (firstOrSecond: Bool, third: Bool) {
        var found: UInt8 = 0
        for byte in bytes {
            found |= (byte == first ? 1 : 0) | (byte == second ? 1 : 0) | (byte == third ? 2 : 0)
        }
        return (found & 1 != 0, found & 2 != 0)
    }
}
