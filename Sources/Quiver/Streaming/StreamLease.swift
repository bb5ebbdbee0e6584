/// Closes a stream's connection when nobody can read it any more: the last copy of a
/// ``ResponseStream`` that was never iterated goes away, or its iterator does (leaving a
/// `for try await` loop with `break` drops the iterator, and with it the connection).
final class StreamLease: Sendable {
    let channel: StreamChannel
    /// Whether this lease belongs to an iterator (it closes the stream whatever happened) or to
    /// the sequence (it closes it only if no iterator was ever made).
    let isIterator: Bool

    init(_ channel: StreamChannel, isIterator: Bool) {
        self.channel = channel
        self.isIterator = isIterator
        if isIterator {
            channel.markIterated()
        }
    }

    deinit {
        if isIterator || !channel.wasIterated {
            channel.close(with: .cancelled())
        }
    }
}
