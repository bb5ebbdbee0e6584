import Foundation
import Quiver

/// The pieces of a streamed body a ``RecordingPlugin`` keeps until the stream ends, up to
/// ``limit`` bytes in all: past it, nothing more is kept and the stream is not recorded.
struct StreamPieces: Sendable {
    /// The most bytes of a stream recorded: 16 MiB.
    static let limit = 16 << 20

    /// Each piece as the consumer received it, and when: seconds after the head.
    private(set) var pieces: [SampleChunk] = []
    private(set) var byteCount = 0
    private(set) var isWithinLimit = true

    /// Keeps `data`, unless the stream has grown past the limit; then drops everything.
    mutating func append(_ data: Data, at time: TimeInterval) {
        guard isWithinLimit else { return }
        byteCount += data.count
        guard byteCount <= Self.limit else {
            isWithinLimit = false
            pieces = []
            return
        }
        // Kept to the millisecond: a file's times read as written.
        pieces.append(SampleChunk(data, at: (time * 1000).rounded() / 1000))
    }

    /// The pieces joined.
    var body: Data {
        pieces.reduce(into: Data()) { $0.append($1.data) }
    }
}
