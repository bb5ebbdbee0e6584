/// A streamed body's reader fell so far behind a transport that cannot be held back that the
/// unread bytes passed the hard limit: the stream ends rather than grow without bound.
///
/// It happens with ``URLSessionTransport`` on Linux, which cannot hold a transfer back (a
/// suspended task restarts its request when resumed), when the reader is slower than the
/// network for long. The reader first gets every chunk that
/// was buffered, then ``QuiverError/transport(_:_:)`` carrying this error; the connection is
/// closed.
public struct StreamBufferOverflow: Error, Sendable, CustomStringConvertible {
    /// The hard limit on unread bytes.
    public let limit: Int

    /// What went wrong and what to do about it, for logs and error messages.
    public var description: String {
        "the reader of a streamed body fell more than \(limit) bytes behind a transport that cannot be paused"
    }
}
