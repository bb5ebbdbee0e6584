import Foundation

/// The events of a target requested again whenever its stream fails:
/// ``Provider/events(for:reconnecting:)``.
///
/// When a connection fails (it drops or goes quiet past its idle limit), it waits for the
/// stream's reconnection time and connects again with `Last-Event-ID` set to the stream's last
/// event ID. Each event resets the count of attempts; past
/// ``ServerSentEventReconnection/maximumAttempts`` the last error is thrown.
struct ReconnectingEvents {
    /// Opens a connection, sending `Last-Event-ID` when the ID is not empty.
    let connect: @Sendable (_ lastEventID: String) async throws(QuiverError) -> ResponseStream
    let policy: ServerSentEventReconnection
    let state: Locked<EventStreamState>
    var connection: ConnectionEvents?
    var failures = 0
    var isOver = false

    /// The next event, or `nil` when the stream is over: the server ended it cleanly (with
    /// ``ServerSentEventReconnection/reconnectsAfterCleanEnd``: answered `204 No Content`, or
    /// ended it cleanly too many times in a row without an event).
    mutating func next() async throws -> ServerSentEvent? {
        while !isOver {
            do {
                if connection == nil {
                    guard let connected = try await connected() else { break }
                    connection = connected
                }
                if let event = try await connection?.next() {
                    failures = 0
                    return event
                }
                connection = nil
                failures += 1
                guard policy.reconnectsAfterCleanEnd, failures <= policy.maximumAttempts else { break }
            } catch let error as QuiverError {
                connection = nil
                failures += 1
                guard ServerSentEventReconnection.mends(error), failures <= policy.maximumAttempts else {
                    isOver = true
                    throw error
                }
            }
            try await waitBeforeReconnecting()
        }
        isOver = true
        connection = nil
        return nil
    }

    /// Closes the current connection and connects no more.
    mutating func cancel() {
        connection?.cancel()
        connection = nil
        isOver = true
    }

    /// The events of a new connection, `nil` when the server answered 204 (stop reconnecting).
    private func connected() async throws(QuiverError) -> ConnectionEvents? {
        let stream = try await connect(state.withLock { $0.lastEventID })
        guard stream.response.statusCode != 204 else {
            stream.cancel()
            return nil
        }
        return ConnectionEvents(stream: stream, lineLimit: 1 << 20, eventLimit: 8 << 20, state: state)
    }

    private mutating func waitBeforeReconnecting() async throws(QuiverError) {
        let wait = policy.wait(after: state.withLock { $0.reconnectionSeconds })
        guard wait > 0 else { return }
        do {
            try await WaitTime.sleep(seconds: wait)
        } catch {
            isOver = true
            throw QuiverError.cancelled()
        }
    }
}

extension Provider {
    /// The Server-Sent Events of `target`, reconnecting with `Last-Event-ID` when the connection
    /// drops, as a browser's `EventSource` does: each connection goes through the whole
    /// pipeline, plugins included.
    ///
    /// ```swift
    /// let events = provider.events(for: .notifications, reconnecting: .init(maximumAttempts: 5))
    /// for try await event in events {
    ///     print(event.event, event.data, "last ID:", events.lastEventID ?? "none")
    /// }
    /// ```
    ///
    /// The sequence's ``ServerSentEventSequence/lastEventID`` and
    /// ``ServerSentEventSequence/reconnectionTime`` are the stream's state across its
    /// connections. Iterating the sequence again goes on from that state (its first request
    /// sends the `Last-Event-ID`); iterate it from one task at a time.
    ///
    /// - Parameters:
    ///   - target: The event stream to request.
    ///   - policy: When to reconnect. Defaults to 3 attempts in a row, 3 s apart unless the
    ///     server sets `retry:` (at most 60 s), and no reconnection after a clean end.
    /// - Returns: The events, across reconnections.
    public func events(for target: Target,
                       reconnecting policy: ServerSentEventReconnection = ServerSentEventReconnection()) -> ServerSentEventSequence {
        ServerSentEventSequence(source: .reconnecting({ [self] id throws(QuiverError) in
            try await stream(for: target, adding: id.isEmpty ? [:] : ["Last-Event-ID": id])
        }, policy), state: Locked(EventStreamState()))
    }
}
