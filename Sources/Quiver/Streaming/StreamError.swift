/// Why a streamed body ended before its end: a limit that keeps memory bounded was passed, or
/// the transport cannot stream at all.
///
/// The limits (``lineTooLong(limit:)``, ``eventTooLarge(limit:)``) reach the caller as
/// ``QuiverError/decoding(_:_:)``; the others as ``QuiverError/transport(_:_:)``.
public enum StreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A line of the body passed its length limit, in bytes (`lines(limit:)`,
    /// `decodedLines(lineLimit:)`, `events(lineLimit:)`, `decodedEvents(lineLimit:)`): the stream
    /// ends rather than hold an unbounded line.
    case lineTooLong(limit: Int)
    /// The data of one Server-Sent Event, its `data:` lines joined, passed its limit in bytes
    /// (`events(eventLimit:)`, `decodedEvents(eventLimit:)`).
    case eventTooLarge(limit: Int)
    /// The reader fell this many bytes behind a transport that cannot be held back
    /// (``URLSessionTransport`` on Linux, whose suspended task restarts its request when
    /// resumed). The reader first gets every chunk that was buffered; the connection is closed.
    case readerFellBehind(limit: Int)
    /// The transport, named, cannot stream: it implements only ``HTTPTransport/send(_:)``.
    /// ``Provider/stream(for:)`` fails with it before anything is sent.
    case streamingNotSupported(transport: String)

    /// What went wrong and what to do about it, for logs and error messages: for a limit, which
    /// one was passed, its value, and the parameter that raises it.
    public var description: String {
        switch self {
        case .lineTooLong(let limit):
            "a line is longer than the line limit of \(Self.bytes(limit)); "
                + "if the server's lines are meant to be that long, raise it with lines(limit:), "
                + "decodedLines(lineLimit:), events(lineLimit:) or decodedEvents(lineLimit:)"
        case .eventTooLarge(let limit):
            "an event has more than the event limit of \(Self.bytes(limit)) of data; "
                + "if the server's events are meant to be that large, raise it with events(eventLimit:) "
                + "or decodedEvents(eventLimit:)"
        case .readerFellBehind(let limit):
            "the reader of a streamed body fell more than \(limit) bytes behind a transport that cannot be paused"
        case .streamingNotSupported(let transport):
            "\(transport) cannot stream responses: it does not implement HTTPTransport.stream(_:)"
        }
    }

    /// `16 bytes`; `1048576 bytes (1 MiB)` and `65536 bytes (64 KiB)` for whole mebibytes and
    /// kibibytes, as the limits are usually written in code (`1 << 20`).
    private static func bytes(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count) bytes (\(count >> 20) MiB)" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count) bytes (\(count >> 10) KiB)" }
        return "\(count) bytes"
    }
}
