import Foundation
import Testing
@testable import Quiver

/// The state of the stream (last event ID, reconnection time) and the end of the stream, case
/// by case from the WHATWG HTML standard, each at every split. `lastEventID: .some(nil)` means
/// the stream ends with no last event ID.
@Suite struct ServerSentEventStreamStateTests {
    static let cases: [EventStreamCase] = [
        // The last event ID buffer is set by the field, the stream's last event ID at dispatch.
        .init("an ID carries over to later events", "id: 1\ndata: a\n\ndata: b\n\n", [message("a", id: "1"), message("b", id: "1")]),
        .init("an ID field without a value resets it", "id: 1\ndata: a\n\nid\ndata: b\n\n", [message("a", id: "1"), message("b")]),
        .init("an empty ID resets it", "id: 1\ndata: a\n\nid:\ndata: b\n\n", [message("a", id: "1"), message("b")]),
        .init("an ID holding NUL is ignored", "id: 1\ndata: a\n\nid: 2\u{0}3\ndata: b\n\n",
              [message("a", id: "1"), message("b", id: "1")]),
        .init("an ID of NUL alone is ignored", "id: \u{0}\ndata: a\n\n", [message("a")]),
        .init("an ID in a block without data moves the last event ID", "id: 7\n\n", [], lastEventID: "7"),
        .init("an ID in a block without data carries to the next event", "id: 7\n\ndata: a\n\n", [message("a", id: "7")]),
        .init("a block without data can reset the ID", "id: 1\ndata: a\n\nid\n\n", [message("a", id: "1")], lastEventID: .some(nil)),
        .init("an ID after the data of its block", "data: a\nid: 3\n\n", [message("a", id: "3")]),
        .init("the last ID field of a block wins", "id: 1\nid: 2\ndata: a\n\n", [message("a", id: "2")]),
        .init("an ID block then an event with its own ID", "id: 1\n\nid: 2\ndata: a\n\n", [message("a", id: "2")]),
        .init("IDs change from event to event", "id: 1\ndata: a\n\nid: 2\ndata: b\n\n", [message("a", id: "1"), message("b", id: "2")]),
        .init("an ID keeps its inner and trailing spaces", "id:  a b \ndata: x\n\n", [message("x", id: " a b ")]),
        .init("an ID without a space", "id:5\ndata: x\n\n", [message("x", id: "5")]),
        .init("an ID is text, not a number", "id: 007\ndata: x\n\n", [message("x", id: "007")]),
        // The end: what is not dispatched is discarded, its ID included.
        .init("an unfinished event at the end is dropped", "data: a\n\ndata: b\n", [message("a")]),
        .init("an unterminated last line is dropped", "data: a\n\ndata: b", [message("a")]),
        .init("a lone data line is never dispatched", "data: a\n", []),
        .init("a lone CR ends only the line", "data: a\r", []),
        .init("LF then CR at the end dispatches", "data: a\n\r", [message("a")]),
        .init("the ID of an unfinished event does not count", "id: 1\ndata: a\n\nid: 2\ndata: b\n", [message("a", id: "1")]),
        .init("the ID of an unfinished block without data does not count", "id: 1\n\nid: 2\n", [], lastEventID: "1"),
        .init("an unterminated ID line does not count", "id: 1\ndata: a\n\nid: 2", [message("a", id: "1")]),
        // The reconnection time: set by the field, in ASCII digits only.
        .init("a retry block then an event", "retry: 250\n\ndata: a\n\n", [message("a")], retry: 250),
        .init("a retry in the event's block", "retry: 1000\ndata: a\n\n", [message("a", retry: 1000)], retry: 1000),
        .init("a retry of zero", "retry: 0\n\n", [], retry: 0),
        .init("a retry with leading zeros", "retry: 0050\n\n", [], retry: 50),
        .init("a retry with a unit is ignored", "retry: 2s\n\n", []),
        .init("a negative retry is ignored", "retry: -1\n\n", []),
        .init("a retry with a plus sign is ignored", "retry: +5\n\n", []),
        .init("a decimal retry is ignored", "retry: 1.5\n\n", []),
        .init("an empty retry is ignored", "retry:\n\n", []),
        .init("a retry without a colon is ignored", "retry\n\n", []),
        .init("a retry after two spaces is ignored", "retry:  5\n\n", []),
        .init("a retry with a trailing space is ignored", "retry: 5 \n\n", []),
        .init("a retry in Arabic-Indic digits is ignored", "retry: \u{0661}\u{0662}\n\n", []),
        .init("a retry in fullwidth digits is ignored", "retry: \u{FF15}\n\n", []),
        .init("an invalid retry keeps the previous one", "retry: 100\n\nretry: x\n\n", [], retry: 100),
        .init("a later retry wins", "retry: 100\n\nretry: 200\n\n", [], retry: 200),
        .init("a retry counts before its block is dispatched", "retry: 300\ndata: a\n", [], retry: 300),
        .init("an event's retry is its own block's", "retry: 10\ndata: a\n\ndata: b\n\n", [message("a", retry: 10), message("b")],
              retry: 10),
        .init("a retry past the largest integer is the largest", "retry: 99999999999999999999999\n\n", [], retry: Int.max),
    ]

    @Test(arguments: cases)
    func theStreamStateFollowsTheStandardAtEverySplit(_ testCase: EventStreamCase) async throws {
        try await testCase.check()
    }
}
