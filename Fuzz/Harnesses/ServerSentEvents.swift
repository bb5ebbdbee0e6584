// Server-Sent Events: `LineSplitter` (lone CR accepted) and `ServerSentEventParser`, driven as
// `ResponseStream.events(lineLimit:eventLimit:)` drives them (ConnectionEvents and nextLine: a
// failure ends the events after those the lines before it made).
//
// Input: byte 0 chooses the line limit, byte 1 the event limit (below 0x80: that many plus one
// bytes; otherwise the defaults), the rest is the body.
// Properties:
// - every way of cutting the body into chunks gives the same events, the same end (clean, or the
//   same error) and the same stream state (last event ID, reconnection time);
// - no line handed to the parser is longer than the line limit;
// - every event, written back with `wireFormat`, parses alone to the same event.
import Foundation
@testable import Quiver

enum ServerSentEventsHarness: FuzzHarness {
    static let name = "ServerSentEvents"

    struct Outcome: Equatable {
        var events: [ServerSentEvent] = []
        var end = "end"
        var state = EventStreamState()
    }

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let lineLimit = limit(input.byte(), otherwise: 1 << 20)
        let eventLimit = limit(input.byte(), otherwise: 8 << 20)
        let body = Array(input.rest)
        var first: Outcome?
        for chunks in cuttings(of: body) {
            let outcome = consume(chunks, lineLimit: lineLimit, eventLimit: eventLimit)
            if let first {
                require(outcome == first, "cut into \(chunks.map(\.count)): \(outcome) but whole: \(first)")
            } else {
                first = outcome
            }
        }
        for event in first?.events ?? [] {
            let again = consume([Array(event.wireFormat.utf8)[...]], lineLimit: .max, eventLimit: .max)
            require(again.events == [event], "\(event) written as \(event.wireFormat.debugDescription) parses to \(again.events)")
        }
    }

    static func limit(_ byte: UInt8, otherwise: Int) -> Int {
        byte < 0x80 ? Int(byte) + 1 : otherwise
    }

    static func consume(_ chunks: [ArraySlice<UInt8>], lineLimit: Int, eventLimit: Int) -> Outcome {
        var outcome = Outcome()
        var splitter = LineSplitter(limit: lineLimit, acceptsLoneCarriageReturn: true)
        var parser = ServerSentEventParser(eventLimit: eventLimit)
        func parse(_ line: [UInt8]) throws(StreamError) {
            require(line.count <= lineLimit, "a line of \(line.count) bytes passed the limit \(lineLimit)")
            if let event = try parser.parse(line) { outcome.events.append(event) }
        }
        do {
            for chunk in chunks {
                for line in try splitter.append(Data(chunk)) { try parse(line) }
            }
            // A last line without a line end is inside an unfinished event: never parsed.
            _ = try splitter.finish()
        } catch {
            outcome.end = "\(error)"
        }
        outcome.state = parser.stream
        return outcome
    }
}
