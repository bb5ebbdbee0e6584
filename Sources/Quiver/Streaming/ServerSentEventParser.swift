/// Interprets the lines of an event stream into ``ServerSentEvent``s, per the WHATWG HTML
/// standard ("Interpreting an event stream"), on bytes: a field name is compared byte for byte,
/// split from its value at the first `:` byte with one following space byte dropped, and text is
/// decoded as UTF-8 (invalid bytes as U+FFFD) only once cut out. `:` and space are ASCII, which
/// is never part of a multi-byte UTF-8 sequence and which the decoder never swallows into an
/// invalid one, so this is the parse of the decoded code points, and a combining mark or a
/// joiner after the colon stays in the value.
///
/// `event`, `data` (joined with `\n`), `id` (unless it holds NUL; it persists), `retry` (ASCII
/// digits only), comments (`:`), unknown fields ignored, a leading byte order mark skipped, an
/// event dispatched at a blank line only if it has data. The data of one event is bounded by
/// ``eventLimit``.
struct ServerSentEventParser: Sendable {
    /// The most bytes of data one event may hold, its joining `\n`s included.
    let eventLimit: Int
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType: [UInt8] = []
    private var retry: Int?
    private var isFirstLine = true
    /// The last event ID buffer: set by `id` fields, made the stream's at each dispatch.
    private var idBuffer: String
    /// The stream's state: its last event ID as of the last dispatched block, its reconnection time.
    private(set) var stream: EventStreamState

    /// A parser for a stream that starts in `state` (a reconnection's, or a new stream's).
    init(eventLimit: Int = .max, resuming state: EventStreamState = EventStreamState()) {
        self.eventLimit = eventLimit
        stream = state
        idBuffer = state.lastEventID
    }

    /// The stream's last event ID; empty when there is none.
    var lastEventID: String { stream.lastEventID }

    /// The reconnection time the stream set last, in milliseconds.
    var reconnectionTime: Int? { stream.reconnectionTime }

    /// The event `line` dispatches, if it is a blank line ending one.
    ///
    /// - Throws: ``StreamError/eventTooLarge(limit:)`` when the event's data would pass ``eventLimit``.
    mutating func parse(_ line: [UInt8]) throws(StreamError) -> ServerSentEvent? {
        var text = line[...]
        if isFirstLine {
            isFirstLine = false
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        }
        guard !text.isEmpty else { return dispatch() }
        let colon = text.firstIndex(of: UInt8(ascii: ":"))
        if colon == text.startIndex { return nil }
        let field = text[..<(colon ?? text.endIndex)]
        var value = text[(colon.map { $0 + 1 } ?? text.endIndex)...]
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        if field.elementsEqual("data".utf8) {
            let added = value.count + (hasData ? 1 : 0)
            guard added <= eventLimit - data.count else { throw StreamError.eventTooLarge(limit: eventLimit) }
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        } else if field.elementsEqual("event".utf8) {
            eventType = Array(value)
        } else if field.elementsEqual("id".utf8) {
            if !value.contains(0) { idBuffer = String(decoding: value, as: UTF8.self) }
        } else if field.elementsEqual("retry".utf8) {
            if let milliseconds = Self.milliseconds(value) {
                retry = milliseconds
                stream.reconnectionTime = milliseconds
            }
        }
        return nil
    }

    /// `digits` as a number of milliseconds if they are ASCII digits only; past `Int.max`, `Int.max`.
    private static func milliseconds(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowToo) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            value = overflow || overflowToo ? .max : sum
        }
        return value
    }

    private mutating func dispatch() -> ServerSentEvent? {
        stream.lastEventID = idBuffer
        defer {
            data = []
            hasData = false
            eventType = []
            retry = nil
        }
        guard hasData else { return nil }
        return ServerSentEvent(event: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self),
                               data: String(decoding: data, as: UTF8.self), id: stream.publicLastEventID, retry: retry)
    }
}
