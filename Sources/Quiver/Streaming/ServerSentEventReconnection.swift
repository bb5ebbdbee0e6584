import Foundation

/// When ``Provider/events(for:reconnecting:)`` opens an event stream again.
///
/// A stream that fails (the connection drops, or goes quiet past its idle limit) is opened
/// again. A stream the server ends cleanly is over unless ``reconnectsAfterCleanEnd`` is set:
/// a browser's `EventSource` reconnects then too, but an API's stream usually ends because it
/// is done (a completion, a finite feed), and opening it again would repeat the request.
///
/// Each wait is the server's reconnection time (its last `retry:`) or, until it sends one,
/// ``delay``; either is capped at ``maximumDelay``.
public struct ServerSentEventReconnection: Sendable, Hashable {
    /// Reconnections in a row without an event in between, at most.
    public var maximumAttempts: Int
    /// The wait before reconnecting, in seconds, until the server sets one with `retry:`.
    public var delay: TimeInterval
    /// The longest wait before reconnecting, in seconds: it caps the server's `retry:` and
    /// ``delay`` alike.
    public var maximumDelay: TimeInterval
    /// Whether a stream the server ends cleanly is opened again too, as a browser's
    /// `EventSource` does; the sequence then ends when the server answers `204 No Content`, or
    /// after ``maximumAttempts`` clean ends in a row without an event.
    public var reconnectsAfterCleanEnd: Bool

    /// Creates a reconnection policy.
    ///
    /// - Parameters:
    ///   - maximumAttempts: Reconnections in a row without an event in between. Defaults to 3.
    ///   - delay: The wait until the server sets one with `retry:`. Defaults to 3 s, as browsers.
    ///   - maximumDelay: The longest wait, whether the server's `retry:` or `delay` asks for
    ///     more. Defaults to 60 s.
    ///   - reconnectsAfterCleanEnd: Whether a stream the server ends cleanly is opened again.
    ///     Defaults to `false`: a cleanly ended stream is over.
    public init(maximumAttempts: Int = 3, delay: TimeInterval = 3, maximumDelay: TimeInterval = 60,
                reconnectsAfterCleanEnd: Bool = false) {
        self.maximumAttempts = maximumAttempts
        self.delay = delay
        self.maximumDelay = maximumDelay
        self.reconnectsAfterCleanEnd = reconnectsAfterCleanEnd
    }

    /// The wait before the next attempt, for a stream whose reconnection time is `retry`
    /// seconds, if the server set one.
    func wait(after retry: TimeInterval?) -> TimeInterval {
        Swift.max(Swift.min(retry ?? delay, maximumDelay), 0)
    }

    /// Whether `error` ended a stream in a way that reconnecting can mend: the connection
    /// failed or went quiet, not the caller, a decoding or a status.
    static func mends(_ error: QuiverError) -> Bool {
        switch error {
        case .transport(let cause, _): !(cause is StreamError)
        case .timedOut: true
        default: false
        }
    }
}
