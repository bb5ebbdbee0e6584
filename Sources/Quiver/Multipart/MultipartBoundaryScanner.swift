import Foundation

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
        bytes.withUnsafeBytes { ByteSearch.firstRange(of: delimiter, in: $0) != nil }
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
}
