/// One Server-Sent Event, as the WHATWG HTML standard's event-stream format defines it.
///
/// Made by ``ResponseStream/events(lineLimit:eventLimit:)``; also written with ``wireFormat`` (for stubs).
public struct ServerSentEvent: Sendable, Hashable {
    /// The event type: the last `event:` field of the event, `"message"` without one.
    public var event: String
    /// The `data:` fields of the event, joined with `"\n"`.
    public var data: String
    /// The stream's last event ID when the event was dispatched: the last `id:` field of the
    /// stream so far (it carries over to the events that follow); `nil` when there was none or
    /// it was emptied.
    public var id: String?
    /// The reconnection time the event's block set with `retry:`, in milliseconds, if it did.
    /// The stream's reconnection time, which a block without data can set too, is
    /// ``ServerSentEventSequence/reconnectionTime``.
    public var retry: Int?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - event: The event type. Defaults to `"message"`.
    ///   - data: The data; a multi-line string becomes several `data:` fields.
    ///   - id: The event ID, if any.
    ///   - retry: The reconnection time in milliseconds, if any.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// The event as a server sends it, ending with its blank line.
    public var wireFormat: String {
        var text = ""
        if event != "message" { text += "event: \(event)\n" }
        if let id { text += "id: \(id)\n" }
        if let retry { text += "retry: \(retry)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        return text + "\n"
    }
}
