import Foundation

/// The lines of a streamed body, as UTF-8 text without their line ends (`\n` or `\r\n`):
/// ``ResponseStream/lines(limit:)``.
///
/// A last line without a line end is delivered too. A line longer than the limit ends the
/// sequence with ``QuiverError/decoding(_:_:)`` carrying ``StreamError/lineTooLong(limit:)``.
public struct LineSequence: AsyncSequence, Sendable {
    /// A line.
    public typealias Element = String

    let stream: ResponseStream
    let limit: Int

    /// Reads the lines of a ``LineSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: ResponseStream.AsyncIterator
        var splitter: LineSplitter
        let head: Response
        var ready: [[UInt8]] = []
        var isOver = false

        /// The next line, or `nil` at the end of the body.
        ///
        /// - Throws: The ``QuiverError`` that ended the stream.
        public mutating func next() async throws -> String? {
            guard let line = try await nextLine(&chunks, &splitter, &ready, &isOver, head: head) else { return nil }
            return String(decoding: line, as: UTF8.self)
        }
    }

    /// Starts reading the lines.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: stream.makeAsyncIterator(), splitter: LineSplitter(limit: limit), head: stream.response)
    }
}

/// The next line from `chunks` through `splitter`, `nil` at the end: the loop shared by every
/// line-based view of a stream.
func nextLine(_ chunks: inout ResponseStream.AsyncIterator, _ splitter: inout LineSplitter, _ ready: inout [[UInt8]],
              _ isOver: inout Bool, head: Response) async throws -> [UInt8]? {
    while ready.isEmpty {
        guard !isOver else { return nil }
        do {
            // A line passed the limit after the lines delivered before it: no more is read.
            if let failure = splitter.failure { throw failure }
            guard let chunk = try await chunks.next() else {
                isOver = true
                if let last = try splitter.finish() { ready.append(last) }
                continue
            }
            ready = try splitter.append(chunk)
        } catch let error as StreamError {
            isOver = true
            chunks.lease.channel.close(with: .cancelled())
            throw QuiverError.decoding(error, head)
        }
    }
    return ready.removeFirst()
}

extension ResponseStream {
    /// The body as lines of UTF-8 text, without their `\n` or `\r\n`.
    ///
    /// ```swift
    /// for try await line in try await provider.stream(for: .logs).lines() {
    ///     print(line)
    /// }
    /// ```
    ///
    /// - Parameter limit: The longest line, in bytes; a longer one ends the sequence with
    ///   ``QuiverError/decoding(_:_:)`` carrying ``StreamError/lineTooLong(limit:)``. Defaults to 1 MiB.
    /// - Returns: The lines.
    public func lines(limit: Int = 1 << 20) -> LineSequence {
        LineSequence(stream: self, limit: Swift.max(limit, 1))
    }
}
