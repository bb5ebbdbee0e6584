import Foundation

/// When ``Provider/events(for:reconnecting:)`` opens an event stream again after it failed.
public struct ServerSentEventReconnection: Sendable, Hashable {
    /// Reconnections in a row without an event in between, at most.
    public var maximumAttempts: Int
    /// The wait before reconnecting, in seconds, until the server sets one with `retry:`.
    public var delay: TimeInterval
    /// The longest wait a server's `retry:` may ask for, in seconds.
    public var maximumDelay: TimeInterval

    /// Creates a reconnection policy.
    ///
    /// - Parameters:
    ///   - maximumAttempts: Reconnections in a row without an event in between. Defaults to 3.
    ///   - delay: The wait until the server sets one with `retry:`. Defaults to 3 s, as browsers.
    ///   - maximumDelay: The longest wait a server may ask for. Defaults to 60 s.
    public init(maximumAttempts: Int = 3, delay: TimeInterval = 3, maximumDelay: TimeInterval = 60) {
        self.maximumAttempts = maximumAttempts
        self.delay = delay
        self.maximumDelay = maximumDelay
    }

    /// Whether `error` ended a stream in a way that reconnecting can mend: the connection
    /// failed or went quiet, not the caller, a decoding or a status.
    static func mends(_ error: QuiverError) -> Bool {
        switch error {
        case .transport(let cause, _): !(cause is StreamBufferOverflow) && !(cause is StreamingNotSupported)
        case .timedOut: true
        default: false
        }
    }
}
