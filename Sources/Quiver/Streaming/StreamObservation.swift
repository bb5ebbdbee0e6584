import Foundation

/// What a ``StreamObserving`` plugin follows of one streamed body: each chunk as the consumer
/// gets it, and the end.
///
/// Both closures belong to one stream, so they may keep what they need in a value they share
/// (a lock-protected buffer, a start time). They run on whatever thread reads or ends the
/// stream: keep them short.
public struct StreamObservation: Sendable {
    let chunk: (@Sendable (Data) -> Void)?
    let end: @Sendable (StreamEnd) -> Void

    /// Creates what follows one stream.
    ///
    /// - Parameters:
    ///   - chunk: Called with each chunk of the body as the consumer's loop receives it, in
    ///     order. Leave it out when only the end matters: chunks then cost nothing.
    ///   - end: Called once, when the body ended: read to its end, failed, timed out, or the
    ///     consumer stopped.
    public init(chunk: (@Sendable (Data) -> Void)? = nil, end: @escaping @Sendable (StreamEnd) -> Void) {
        self.chunk = chunk
        self.end = end
    }
}
