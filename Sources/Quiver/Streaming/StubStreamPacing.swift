import Foundation

/// How a stubbed target's sample data is streamed by ``Provider/stream(for:)``: in what pieces,
/// and how far apart, so that an app's streaming UI can be built offline.
///
/// ```swift
/// extension ChatAPI: StubStreamPacingProviding {
///     var sampleStreamPacing: StubStreamPacing { .events(every: 0.05) }
/// }
/// ```
public struct StubStreamPacing: Sendable, Hashable {
    enum Unit: Sendable, Hashable {
        case whole
        case bytes(Int)
        case lines
        case events
    }

    let unit: Unit
    /// The pause before each piece after the first, in seconds.
    public let interval: TimeInterval

    /// The whole sample data as one chunk, at once: the default.
    public static let whole = StubStreamPacing(unit: .whole, interval: 0)

    /// Pieces of `size` bytes, `interval` seconds apart.
    ///
    /// - Parameters:
    ///   - size: The bytes in each piece (at least 1).
    ///   - interval: The pause between pieces, in seconds.
    /// - Returns: The pacing.
    public static func chunks(of size: Int, every interval: TimeInterval) -> StubStreamPacing {
        StubStreamPacing(unit: .bytes(max(size, 1)), interval: interval)
    }

    /// One line (up to and with its `\n`) at a time, `interval` seconds apart: NDJSON.
    ///
    /// - Parameter interval: The pause between lines, in seconds.
    /// - Returns: The pacing.
    public static func lines(every interval: TimeInterval) -> StubStreamPacing {
        StubStreamPacing(unit: .lines, interval: interval)
    }

    /// One Server-Sent Event (up to and with the blank line after it) at a time, `interval`
    /// seconds apart.
    ///
    /// - Parameter interval: The pause between events, in seconds.
    /// - Returns: The pacing.
    public static func events(every interval: TimeInterval) -> StubStreamPacing {
        StubStreamPacing(unit: .events, interval: interval)
    }

    /// `data` cut into this pacing's pieces, each at its time; together they are `data`.
    func pieces(of data: Data) -> [SampleChunk] {
        let bytes = [UInt8](data)
        var pieces: [SampleChunk] = []
        var start = 0
        func cut(_ end: Int) {
            if end > start { pieces.append(SampleChunk(Data(bytes[start..<end]), at: Double(pieces.count) * interval)) }
            start = end
        }
        switch unit {
        case .whole:
            cut(bytes.count)
        case .bytes(let size):
            while start < bytes.count { cut(min(start + size, bytes.count)) }
        case .lines:
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") { cut(index + 1) }
            cut(bytes.count)
        case .events:
            // An event ends at an empty line: "\n\n", or "\r\n\r\n", or "\r\r".
            var index = 0
            while index < bytes.count {
                for ending in Self.eventEndings where bytes[index...].starts(with: ending) {
                    cut(index + ending.count)
                    index += ending.count - 1
                    break
                }
                index += 1
            }
            cut(bytes.count)
        }
        return pieces
    }

    private static let eventEndings: [[UInt8]] = [Array("\r\n\r\n".utf8), Array("\n\n".utf8), Array("\r\r".utf8)]
}
