import Foundation

/// Server-Sent Events: of one `text/event-stream` body (``ResponseStream/events(lineLimit:eventLimit:)``),
/// or of a target connected to again whenever its stream fails
/// (``Provider/events(for:reconnecting:)``).
///
/// Besides its events, the stream has a state of its own, kept across connections and readable
/// while the events are read (from the reading task or any other):
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

    /// Where the events come from.
    enum Source: Sendable {
        /// One stream, read to its end.
        case stream(ResponseStream, lineLimit: Int, eventLimit: Int)
        /// A target, connected to again whenever its stream fails: the function opens a
        /// connection for a last event ID.
        case reconnecting(@Sendable (_ lastEventID: String) async throws(QuiverError) -> ResponseStream,
                          ServerSentEventReconnection)
    }

    let source: Source
    /// The stream's state, written by the iterator as it parses, shared by the copies of the
    /// sequence and kept across connections.
    let state: Locked<EventStreamState>

    /// The stream's last event ID, for `Last-Event-ID` when connecting again: the last `id:` of
    /// the blocks dispatched so far (a block without data counts; an unfinished one does not);
    /// `nil` when there was none or an empty one reset it.
    public var lastEventID: String? {
        state.withLock { $0.publicLastEventID }
    }

    /// The stream's reconnection time, in seconds: the last valid `retry:` field so far (sent in
    /// milliseconds), whichever block it was in; `nil` until the server sends one. A
    /// reconnecting sequence waits this long (else its policy's
    /// ``ServerSentEventReconnection/delay``, at most ``ServerSentEventReconnection/maximumDelay``)
    /// before connecting again.
    public var reconnectionTime: TimeInterval? {
        state.withLock { $0.reconnectionSeconds }
    }

    /// Reads the events of a ``ServerSentEventSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// One stream's events; `nil` when reconnecting.
        var connection: ConnectionEvents?
        /// The events across connections; `nil` for one stream.
        var reconnecting: ReconnectingEvents?

        /// The next event, or `nil` at the end: the end of the body for one stream (an
        /// unfinished last event is dropped, as the standard says); for a reconnecting one, a
        /// clean end it does not reconnect after, or a `204 No Content`.
        ///
        /// - Throws: The ``QuiverError`` that ended the stream: ``QuiverError/decoding(_:_:)``
        ///   with ``StreamError/lineTooLong(limit:)`` or ``StreamError/eventTooLarge(limit:)`` past a
        ///   limit; when reconnecting, the last failure once the policy gives up.
        public mutating func next() async throws -> ServerSentEvent? {
            if reconnecting != nil {
                return try await reconnecting?.next()
            }
            return try await connection?.next()
        }

        /// Closes the connection; a reconnecting sequence connects no more.
        mutating func cancel() {
            connection?.cancel()
            reconnecting?.cancel()
        }
    }

    /// Starts reading the events.
    public func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .stream(let stream, let lineLimit, let eventLimit):
            AsyncIterator(connection: ConnectionEvents(stream: stream, lineLimit: lineLimit, eventLimit: eventLimit,
                                                       state: state))
        case .reconnecting(let connect, let policy):
            AsyncIterator(reconnecting: ReconnectingEvents(connect: connect, policy: policy, state: state))
        }
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
        ServerSentEventSequence(source: .stream(self, lineLimit: Swift.max(lineLimit, 1), eventLimit: Swift.max(eventLimit, 1)),
                                state: Locked(EventStreamState()))
    }
}
