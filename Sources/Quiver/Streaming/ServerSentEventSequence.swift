import Foundation

/// The Server-Sent Events of a `text/event-stream` body: ``ResponseStream/events(lineLimit:eventLimit:)``.
///
/// Besides its events, the stream has a state of its own, readable while the events are read
/// (from the reading task or any other):
///
/// ```swift
/// let events = try await provider.stream(for: .notifications).events()
/// for try await event in events {
///     print(event.data)
/// }
/// print("resume after", events.lastEventID ?? "the start", "in", events.reconnectionTime ?? 3, "s")
/// ```
public struct ServerSentEventSequence: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ServerSentEvent

    let stream: ResponseStream
    let lineLimit: Int
    let eventLimit: Int
    /// The stream's state, written by the iterator as it parses, shared by the copies of the sequence.
    let state: Locked<EventStreamState>

    /// The stream's last event ID, for `Last-Event-ID` when connecting again: the last `id:` of
    /// the blocks dispatched so far (a block without data counts; an unfinished one does not);
    /// `nil` when there was none or an empty one reset it.
    public var lastEventID: String? {
        state.withLock { $0.publicLastEventID }
    }

    /// The stream's reconnection time, in seconds: the last valid `retry:` field so far (sent in
    /// milliseconds), whichever block it was in; `nil` until the server sends one.
    public var reconnectionTime: TimeInterval? {
        state.withLock { $0.reconnectionSeconds }
    }

    /// Reads the events of a ``ServerSentEventSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: ResponseStream.AsyncIterator
        var splitter: LineSplitter
        var parser: ServerSentEventParser
        let head: Response
        let state: Locked<EventStreamState>
        var ready: [[UInt8]] = []
        var isOver = false

        /// The next event, or `nil` at the end of the body (an unfinished last event is dropped,
        /// as the standard says).
        ///
        /// - Throws: The ``QuiverError`` that ended the stream: ``QuiverError/decoding(_:_:)``
        ///   with ``StreamError/lineTooLong(limit:)`` or ``StreamError/eventTooLarge(limit:)`` past a limit.
        public mutating func next() async throws -> ServerSentEvent? {
            while true {
                guard let line = try await nextLine(&chunks, &splitter, &ready, &isOver, head: head) else {
                    return nil
                }
                if isOver, ready.isEmpty, !line.isEmpty {
                    // The body ended inside an event: it is never dispatched.
                    return nil
                }
                let before = parser.stream
                let event: ServerSentEvent?
                do {
                    event = try parser.parse(line)
                } catch {
                    isOver = true
                    chunks.lease.channel.close(with: .cancelled())
                    throw QuiverError.decoding(error, head)
                }
                if parser.stream != before {
                    let now = parser.stream
                    state.withLock { $0 = now }
                }
                if let event { return event }
            }
        }
    }

    /// Starts reading the events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: stream.makeAsyncIterator(),
                      splitter: LineSplitter(limit: lineLimit, acceptsLoneCarriageReturn: true),
                      parser: ServerSentEventParser(eventLimit: eventLimit, resuming: state.withLock { $0 }),
                      head: stream.response, state: state)
    }
}

extension ResponseStream {
    /// The body as Server-Sent Events (`text/event-stream`, per the WHATWG HTML standard):
    /// `event`, multi-line `data`, `id`, `retry`, comments, a leading byte order mark, and
    /// lines ended by `\r`, `\n` or `\r\n`, however the bytes are split; parsed by code point
    /// (a combining mark after `data:` is data), invalid UTF-8 read as U+FFFD.
    ///
    /// ```swift
    /// for try await event in try await provider.stream(for: .completions(prompt)).events() {
    ///     print(event.data)
    /// }
    /// ```
    ///
    /// The sequence's ``ServerSentEventSequence/lastEventID`` and
    /// ``ServerSentEventSequence/reconnectionTime`` are the stream's state, for connecting
    /// again; ``Provider/events(for:reconnecting:)`` does that for you.
    ///
    /// - Parameters:
    ///   - lineLimit: The longest line, in bytes; a longer one ends the sequence with
    ///     ``QuiverError/decoding(_:_:)`` carrying ``StreamError/lineTooLong(limit:)``. Defaults to 1 MiB.
    ///   - eventLimit: The most bytes of data one event may hold (its `data:` values and the
    ///     `\n`s joining them); more ends the sequence with ``QuiverError/decoding(_:_:)``
    ///     carrying ``StreamError/eventTooLarge(limit:)``. Defaults to 8 MiB: eight lines at the default line
    ///     limit, far above what chat and notification streams send, yet a bound on what a
    ///     server can make the process hold.
    /// - Returns: The events.
    public func events(lineLimit: Int = 1 << 20, eventLimit: Int = 8 << 20) -> ServerSentEventSequence {
        ServerSentEventSequence(stream: self, lineLimit: Swift.max(lineLimit, 1), eventLimit: Swift.max(eventLimit, 1),
                                state: Locked(EventStreamState()))
    }
}
