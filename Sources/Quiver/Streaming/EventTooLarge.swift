/// A Server-Sent Event's data passed its size limit: the stream ends rather than hold an
/// unbounded event in memory. It reaches the caller as ``QuiverError/decoding(_:_:)``.
///
/// Each line is bounded by the `lineLimit` of ``ResponseStream/events(lineLimit:eventLimit:)``,
/// and the `data:` lines of one event, joined, by its `eventLimit`.
public struct EventTooLarge: Error, Sendable, CustomStringConvertible {
    /// The limit on the data of one event, in bytes.
    public let limit: Int

    /// What went wrong and what to do about it, for logs and error messages.
    public var description: String {
        "an event of the event stream has more than \(limit) bytes of data; "
            + "if the server's events are meant to be that large, raise events(eventLimit:)"
    }
}
