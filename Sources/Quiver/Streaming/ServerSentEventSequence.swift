import Foundation

/// The Server-Sent Events of a `text/event-stream` body: ``ResponseStream/events(lineLimit:)``.
public struct ServerSentEventSequence: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ServerSentEvent

    let stream: ResponseStream
    let lineLimit: Int

    /// Reads the events of a ``ServerSentEventSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: ResponseStream.AsyncIterator
        var splitter: LineSplitter
        var parser = ServerSentEventParser()
        let head: Response
        var ready: [[UInt8]] = []
        var isOver = false

        /// The next event, or `nil` at the end of the body (an unfinished last event is dropped,
        /// as the standard says).
        ///
        /// - Throws: The ``QuiverError`` that ended the stream.
        public mutating func next() async throws -> ServerSentEvent? {
            while true {
                guard let line = try await nextLine(&chunks, &splitter, &ready, &isOver, head: head) else {
                    return nil
                }
                if isOver, ready.isEmpty, !line.isEmpty {
                    // The body ended inside an event: it is never dispatched.
                    return nil
                }
                if let event = parser.parse(line) {
                    return event
                }
            }
        }

        /// The ID of the last event seen, for `Last-Event-ID` when reconnecting.
        public var lastEventID: String? {
            let id = parser.lastEventID
            return id.isEmpty ? nil : id
        }
    }

    /// Starts reading the events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: stream.makeAsyncIterator(),
                      splitter: LineSplitter(limit: lineLimit, acceptsLoneCarriageReturn: true), head: stream.response)
    }
}

extension ResponseStream {
    /// The body as Server-Sent Events (`text/event-stream`, per the WHATWG HTML standard):
    /// `event`, multi-line `data`, `id`, `retry`, comments, a leading byte order mark, and
    /// lines ended by `\r`, `\n` or `\r\n`, however the bytes are split.
    ///
    /// ```swift
    /// for try await event in try await provider.stream(for: .completions(prompt)).events() {
    ///     print(event.data)
    /// }
    /// ```
    ///
    /// - Parameter lineLimit: The longest line, in bytes; a longer one ends the sequence with
    ///   ``QuiverError/decoding(_:_:)`` carrying ``LineTooLong``. Defaults to 1 MiB.
    /// - Returns: The events.
    public func events(lineLimit: Int = 1 << 20) -> ServerSentEventSequence {
        ServerSentEventSequence(stream: self, lineLimit: Swift.max(lineLimit, 1))
    }
}
