import Foundation

/// A target that sets how long a streamed response may go quiet between two chunks
/// (``Provider/stream(for:)``).
///
/// ```swift
/// extension ChatAPI: StreamTimeoutProviding {
///     var streamIdleTimeout: TimeInterval? { 30 }
/// }
/// ```
///
/// Without it a stream waits at most 60 seconds for each chunk. The
/// target's ``TargetType/timeout``, when set, is the whole-request limit on the stream, head
/// and body together.
public protocol StreamTimeoutProviding {
    /// The longest wait for the next chunk of a streamed body, in seconds; `nil` for no limit.
    var streamIdleTimeout: TimeInterval? { get }
}
