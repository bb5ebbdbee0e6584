import Foundation

/// Server-Sent Events that survive a dropped connection: ``Provider/events(for:reconnecting:)``.
///
/// When the stream fails (the connection drops or goes quiet past its idle limit), it waits for
/// the server's `retry:` time (else the policy's delay) and requests the target again through
/// the whole pipeline, with `Last-Event-ID` set to the last event's ID, so that the server can
/// go on where it stopped. A stream the server ends cleanly is over. Each event resets the count
/// of attempts; past ``ServerSentEventReconnection/maximumAttempts`` the last error is thrown.
public struct ReconnectingEventSequence<Target: TargetType>: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ServerSentEvent

    let provider: Provider<Target>
    let target: Target
    let policy: ServerSentEventReconnection

    /// Reads the events, reconnecting as needed.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let provider: Provider<Target>
        let target: Target
        let policy: ServerSentEventReconnection
        var events: ServerSentEventSequence.AsyncIterator?
        var lastEventID: String?
        var retry: TimeInterval?
        var failures = 0

        /// The next event, or `nil` when the server ended the stream.
        ///
        /// - Throws: The ``QuiverError`` that ended the stream for good.
        public mutating func next() async throws -> ServerSentEvent? {
            while true {
                do {
                    if events == nil {
                        let headers = lastEventID.map { ["Last-Event-ID": $0] } ?? [:]
                        events = try await provider.stream(for: target, adding: headers).events().makeAsyncIterator()
                    }
                    guard let event = try await events?.next() else { return nil }
                    failures = 0
                    lastEventID = event.id
                    if let milliseconds = event.retry {
                        retry = Double(milliseconds) / 1000
                    }
                    return event
                } catch let error as QuiverError {
                    events = nil
                    failures += 1
                    guard ServerSentEventReconnection.mends(error), failures <= policy.maximumAttempts else { throw error }
                    let wait = Swift.min(retry ?? policy.delay, policy.maximumDelay)
                    if wait > 0 {
                        do {
                            try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
                        } catch {
                            throw QuiverError.cancelled()
                        }
                    }
                }
            }
        }
    }

    /// Starts reading the events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(provider: provider, target: target, policy: policy)
    }
}

extension Provider {
    /// The Server-Sent Events of `target`, reconnecting with `Last-Event-ID` when the connection
    /// drops, as a browser's `EventSource` does.
    ///
    /// ```swift
    /// for try await event in provider.events(for: .notifications, reconnecting: .init(maximumAttempts: 5)) {
    ///     print(event.event, event.data)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - target: The event stream to request.
    ///   - policy: When to reconnect. Defaults to 3 attempts in a row, 3 s apart unless the
    ///     server sets `retry:`.
    /// - Returns: The events, across reconnections.
    public func events(for target: Target,
                       reconnecting policy: ServerSentEventReconnection = ServerSentEventReconnection()) -> ReconnectingEventSequence<Target> {
        ReconnectingEventSequence(provider: self, target: target, policy: policy)
    }
}
