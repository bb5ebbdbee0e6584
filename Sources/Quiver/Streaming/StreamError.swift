/// Why a streamed body ended before its end: a limit that keeps memory bounded was passed, or
/// the transport cannot stream at all.
///
/// The limits (``lineTooLong(limit:)``, ``eventTooLarge(limit:)``) reach the caller as
/// ``QuiverError/decoding(_:_:)``; the others as ``QuiverError/transport(_:_:)``.
public enum StreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A line of the body passed its length limit, in bytes (`lines(limit:)`,
    /// `events(lineLimit:eventLimit:)`): the stream ends rather than hold an unbounded line.
    case lineTooLong(limit: Int)
    /// The data of one Server-Sent Event, its `data:` lines joined, passed its limit in bytes
    /// (`events(lineLimit:eventLimit:)`).
    case eventTooLarge(limit: Int)
    /// The reader fell this many bytes behind a transport that cannot be held back
    /// (``URLSessionTransport`` on Linux, whose suspended task restarts its request when
    /// resumed). The reader first gets every chunk that was buffered; the connection is closed.
    case readerFellBehind(limit: Int)
    /// The transport, named, cannot stream: it implements only ``HTTPTransport/send(_:)``.
    /// ``Provider/stream(for:)`` fails with it before anything is sent.
    case streamingNotSupported(transport: String)

    /// What went wrong and what to do about it, for logs and error messages.
    public var description: String {
        switch self {
        case .lineTooLong(let limit):
            "a line of the streamed body is longer than \(limit) bytes; "
                + "if the server's lines are meant to be that long, raise the line limit"
        case .eventTooLarge(let limit):
            "an event of the event stream has more than \(limit) bytes of data; "
                + "if the server's events are meant to be that large, raise events(eventLimit:)"
        case .readerFellBehind(let limit):
            "the reader of a streamed body fell more than \(limit) bytes behind a transport that cannot be paused"
        case .streamingNotSupported(let transport):
            "\(transport) cannot stream responses: it does not implement HTTPTransport.stream(_:)"
        }
    }
}
