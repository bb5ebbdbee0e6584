import Foundation

/// Interprets the lines of an event stream into ``ServerSentEvent``s, per the WHATWG HTML
/// standard ("Interpreting an event stream"): `event`, `data` (joined with `\n`), `id` (unless
/// it holds NUL; it persists), `retry` (ASCII digits only), comments (`:`), unknown fields
/// ignored, one space after the colon dropped, a leading byte order mark skipped, an event
/// dispatched at a blank line only if it has data, and an unfinished event at the end dropped.
struct ServerSentEventParser: Sendable {
    private var data = ""
    private var hasData = false
    private var eventType = ""
    private var retry: Int?
    private var isFirstLine = true
    /// The last event ID, carried from event to event.
    private(set) var lastEventID = ""
    /// The reconnection time the stream set last, in milliseconds.
    private(set) var reconnectionTime: Int?

    /// The event `line` dispatches, if it is a blank line ending one.
    mutating func parse(_ line: [UInt8]) -> ServerSentEvent? {
        var text = String(decoding: line, as: UTF8.self)
        if isFirstLine {
            isFirstLine = false
            if text.unicodeScalars.first == "\u{FEFF}" {
                text.unicodeScalars.removeFirst()
            }
        }
        guard !text.isEmpty else { return dispatch() }
        if text.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event":
            eventType = String(value)
        case "data":
            if hasData { data += "\n" }
            data += value
            hasData = true
        case "id":
            if !value.unicodeScalars.contains("\u{0}") { lastEventID = String(value) }
        case "retry":
            if !value.isEmpty, value.unicodeScalars.allSatisfy({ $0.isASCII && ("0"..."9").contains($0) }),
               let milliseconds = Int(value) {
                retry = milliseconds
                reconnectionTime = milliseconds
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data = ""
            hasData = false
            eventType = ""
            retry = nil
        }
        guard hasData else { return nil }
        return ServerSentEvent(event: eventType.isEmpty ? "message" : eventType, data: data,
                               id: lastEventID.isEmpty ? nil : lastEventID, retry: retry)
    }
}
