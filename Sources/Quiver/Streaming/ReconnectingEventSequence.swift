import Foundation

/// Server-Sent Events that survive a dropped connection: ``Provider/events(for:reconnecting:)``.
///
/// When the stream fails (the connection drops or goes quiet past its idle limit), it waits for
/// the stream's reconnection time (see ``ServerSentEventReconnection``) and requests the target
/// again through the whole pipeline, with `Last-Event-ID` set to the stream's ``lastEventID``,
/// so that the server can go on where it stopped. Each event resets the count of attempts; past
/// ``ServerSentEventReconnection/maximumAttempts`` the last error is thrown.
///
/// ``lastEventID`` and ``reconnectionTime`` are the state of the stream across its connections,
/// readable while the events are read. Iterating the sequence again goes on from that state
/// (its first request sends the `Last-Event-ID`); iterate it from one task at a time.
public struct ReconnectingEventSequence<Target: TargetType>: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ServerSentEvent

    let provider: Provider<Target>
    let target: Target
    let policy: ServerSentEventReconnection
    let state = Locked(EventStreamState())

    /// The stream's last event ID, sent as `Last-Event-ID` when connecting again: as
    /// ``ServerSentEventSequence/lastEventID``, across connections.
    public var lastEventID: String? {
        state.withLock { $0.publicLastEventID }
    }

    /// The stream's reconnection time, in seconds: the server's last `retry:` across
    /// connections, `nil` until it sends one. The wait before connecting again is this (else
    /// the policy's ``ServerSentEventReconnection/delay``), capped at
    /// ``ServerSentEventReconnection/maximumDelay``.
    public var reconnectionTime: TimeInterval? {
        state.withLock { $0.reconnectionSeconds }
    }

    /// Reads the events, reconnecting as needed.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let provider: Provider<Target>
        let target: Target
        let policy: ServerSentEventReconnection
        let state: Locked<EventStreamState>
        var events: ServerSentEventSequence.AsyncIterator?
        var failures = 0
        var isOver = false

        /// The next event, or `nil` when the stream is over: the server ended it cleanly (with
        /// ``ServerSentEventReconnection/reconnectsAfterCleanEnd``: answered `204 No Content`,
        /// or ended it cleanly too many times in a row without an event).
        ///
        /// - Throws: The ``QuiverError`` that ended the stream for good.
        public mutating func next() async throws -> ServerSentEvent? {
            while !isOver {
                do {
                    if events == nil {
                        guard let connected = try await connect() else { break }
                        events = connected
                    }
                    if let event = try await events?.next() {
                        failures = 0
                        return event
                    }
                    events = nil
                    failures += 1
                    guard policy.reconnectsAfterCleanEnd, failures <= policy.maximumAttempts else { break }
                } catch let error as QuiverError {
                    events = nil
                    failures += 1
                    guard ServerSentEventReconnection.mends(error), failures <= policy.maximumAttempts else {
                        isOver = true
                        throw error
                    }
                }
                try await waitBeforeReconnecting()
            }
            isOver = true
            events = nil
            return nil
        }

        /// The events of a new connection, `nil` when the server answered 204 (stop reconnecting).
        private func connect() async throws(QuiverError) -> ServerSentEventSequence.AsyncIterator? {
            let id = state.withLock { $0.lastEventID }
            let stream = try await provider.stream(for: target, adding: id.isEmpty ? [:] : ["Last-Event-ID": id])
            guard stream.response.statusCode != 204 else {
                stream.cancel()
                return nil
            }
            return ServerSentEventSequence(stream: stream, lineLimit: 1 << 20, eventLimit: 8 << 20, state: state)
                .makeAsyncIterator()
        }

        private mutating func waitBeforeReconnecting() async throws(QuiverError) {
            let wait = policy.wait(after: state.withLock { $0.reconnectionSeconds })
            guard wait > 0 else { return }
            do {
                try await Task.sleep(nanoseconds: UInt64(Swift.min(wait, 1e9) * 1_000_000_000))
            } catch {
                isOver = true
                throw QuiverError.cancelled()
            }
        }
    }

    /// Starts reading the events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(provider: provider, target: target, policy: policy, state: state)
    }
}

extension Provider {
    /// The Server-Sent Events of `target`, reconnecting with `Last-Event-ID` when the connection
    /// drops, as a browser's `EventSource` does.
    ///
    /// ```swift
    /// let events = provider.events(for: .notifications, reconnecting: .init(maximumAttempts: 5))
    /// for try await event in events {
    ///     print(event.event, event.data, "last ID:", events.lastEventID ?? "none")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - target: The event stream to request.
    ///   - policy: When to reconnect. Defaults to 3 attempts in a row, 3 s apart unless the
    ///     server sets `retry:` (at most 60 s), and no reconnection after a clean end.
    /// - Returns: The events, across reconnections.
    public func events(for target: Target,
                       reconnecting policy: ServerSentEventReconnection = ServerSentEventReconnection()) -> ReconnectingEventSequence<Target> {
        ReconnectingEventSequence(provider: self, target: target, policy: policy)
    }
}
