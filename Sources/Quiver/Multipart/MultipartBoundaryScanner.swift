import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks for a multipart delimiter (`--` and the boundary) in a part's content, either in one
/// block or across a stream of chunks, so that a file part can be checked while it is copied.
struct MultipartBoundaryScanner {
    /// The bytes searched for: `--` followed by the boundary.
    let delimiter: [UInt8]
    /// The last `delimiter.count - 1` bytes seen, where a match could begin.
    private var tail: [UInt8] = []

    /// Creates a scanner for a boundary.
    ///
    /// - Parameter boundary: The form's boundary, without the leading `--`.
    init(boundary: String) {
        delimiter = Array("--\(boundary)".utf8)
    }

    /// Whether a block of bytes contains the delimiter.
    ///
    /// - Parameter bytes: The bytes to search.
    /// - Returns: `true` if the delimiter occurs anywhere in `bytes`.
    func occurs(in bytes: some ContiguousBytes) -> Bool {
        bytes.withUnsafeBytes { Self.search(delimiter, in: $0) }
    }

    /// Feeds the next chunk of a stream.
    ///
    /// - Parameter chunk: The bytes that follow the chunks fed so far.
    /// - Returns: `true` if the delimiter occurs in the stream so far, including across the seam
    ///   between this chunk and the previous ones.
    mutating func consume(_ chunk: Data) -> Bool {
        let overlap = delimiter.count - 1
        if !tail.isEmpty, occurs(in: tail + chunk.prefix(overlap)) {
            return true
        }
        if occurs(in: chunk) {
            return true
        }
        tail = chunk.count >= overlap ? Array(chunk.suffix(overlap)) : Array((tail + chunk).suffix(overlap))
        return false
    }

    /// A `memchr`/`memcmp` search, fast even in debug builds.
    private static func search(_ pattern: [UInt8], in buffer: UnsafeRawBufferPointer) -> Bool {
        guard let first = pattern.first, buffer.count >= pattern.count, let base = buffer.baseAddress else {
            return false
        }
        let lastStart = buffer.count - pattern.count
        return pattern.withUnsafeBytes { patternBytes in
            guard let patternBase = patternBytes.baseAddress else { return false }
            var offset = 0
            while offset <= lastStart {
                guard let hit = memchr(base + offset, Int32(first), lastStart - offset + 1) else {
                    return false
                }
                let index = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + index, patternBase, pattern.count) == 0 {
                    return true
                }
                offset = index + 1
            }
            return false
        }
    }
}
