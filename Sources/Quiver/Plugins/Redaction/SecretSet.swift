/// The secret values a redaction pass has learned, ready to be searched for in text: each as
/// UTF-8 bytes, longest first (so that a value inside a longer one never leaves half of the
/// longer one behind), without duplicates and without values too short to search for.
///
/// Searching works on bytes: no Foundation string search (slow on Linux, and a bridged copy per
/// call), and a line shorter than a secret costs one comparison of lengths.
struct SecretSet: Sendable {
    /// The values, longest first.
    private(set) var values: [[UInt8]] = []

    /// Whether nothing was learned.
    var isEmpty: Bool { values.isEmpty }

    /// Adds `value` unless it is shorter than `minimumLength`, already known, or part of
    /// `marker` (replacing it would garble the marker itself).
    mutating func insert(_ value: some StringProtocol, minimumLength: Int, marker: [UInt8]) {
        insert(bytes: Array(value.utf8), minimumLength: minimumLength, marker: marker)
    }

    /// ``insert(_:minimumLength:marker:)`` for a value given as UTF-8 bytes.
    mutating func insert(bytes: [UInt8], minimumLength: Int, marker: [UInt8]) {
        guard bytes.count >= minimumLength, !values.contains(bytes), Self.range(of: bytes, in: marker[...]) == nil else {
            return
        }
        let position = values.firstIndex { $0.count < bytes.count } ?? values.endIndex
        values.insert(bytes, at: position)
    }

    /// `text` with every occurrence of every value replaced by `marker`; `text` itself (no copy)
    /// when none occurs.
    func scrub(_ text: String, marker: [UInt8]) -> String {
        guard !values.isEmpty else { return text }
        // Searched in the string's own storage: a line that holds no secret is not copied.
        var storage = text
        let first = storage.withUTF8 { line in
            values.firstIndex { value in value.count <= line.count && Self.range(of: value, in: line[...]) != nil }
        }
        guard let first else { return text }
        var bytes = Array(text.utf8)
        for value in values[first...] where value.count <= bytes.count {
            guard Self.range(of: value, in: bytes[...]) != nil else { continue }
            bytes = Self.replacing(value, with: marker, in: bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first range of `needle` in `haystack`.
    static func range<Haystack: Collection<UInt8>>(of needle: [UInt8], in haystack: Haystack) -> Range<Int>?
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

    /// `bytes` with every occurrence of `needle` replaced by `replacement`, left to right.
    private static func replacing(_ needle: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while let found = range(of: needle, in: bytes[index...]) {
            output.append(contentsOf: bytes[index..<found.lowerBound])
            output.append(contentsOf: replacement)
            index = found.upperBound
        }
        output.append(contentsOf: bytes[index...])
        return output
    }
}
