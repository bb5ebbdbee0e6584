import Foundation
import Testing
@testable import Quiver

/// Line ends, fields, data and dispatch, case by case from the WHATWG HTML standard's
/// "Parsing an event stream" and "Interpreting an event stream", each at every split.
@Suite struct ServerSentEventLineAndFieldTests {
    static let cases: [EventStreamCase] = [
        // Lines end at CRLF, LF or CR, alone or mixed.
        .init("LF ends lines", "data: a\n\n", [message("a")]),
        .init("CR ends lines", "data: a\r\r", [message("a")]),
        .init("CRLF ends lines", "data: a\r\n\r\n", [message("a")]),
        .init("mixed line ends in one event", "data: a\rdata: b\r\ndata: c\n\r\n", [message("a\nb\nc")]),
        .init("LF then CR is two line ends", "data: a\n\rdata: b\n\n", [message("a"), message("b")]),
        .init("CR CR is two line ends", "data: a\r\rdata: b\r\r", [message("a"), message("b")]),
        .init("CRLF then CR is two line ends", "data: a\r\n\rdata: b\n\n", [message("a"), message("b")]),
        .init("CR LF LF is two line ends", "data: a\r\n\ndata: b\r\n\n", [message("a"), message("b")]),
        .init("blank lines before the first event", "\n\n\ndata: a\n\n", [message("a")]),
        .init("several blank lines between events", "data: a\n\n\n\ndata: b\n\n", [message("a"), message("b")]),
        // Field and value: split at the first colon, one leading space dropped.
        .init("no space after the colon", "data:a\n\n", [message("a")]),
        .init("only one space is dropped", "data:  a\n\n", [message(" a")]),
        .init("trailing spaces are kept", "data: a  \n\n", [message("a  ")]),
        .init("a tab after the colon is kept", "data:\ta\n\n", [message("\ta")]),
        .init("colons in the value are kept", "data: a:b: c\n\n", [message("a:b: c")]),
        .init("a field without a colon has an empty value", "data\n\n", [message("")]),
        .init("an empty value", "data:\n\n", [message("")]),
        .init("a value of one space is empty", "data: \n\n", [message("")]),
        .init("two empty data fields make one newline", "data\ndata\n\n", [message("\n")]),
        // Data: each field appends its value and a LF; the last LF is removed at dispatch.
        .init("data lines are joined with LF", "data: a\ndata: b\ndata: c\n\n", [message("a\nb\nc")]),
        .init("an empty data line in the middle", "data: a\ndata:\ndata: b\n\n", [message("a\n\nb")]),
        .init("an empty data line at the end", "data: a\ndata:\n\n", [message("a\n")]),
        .init("an empty data line at the start", "data:\ndata: a\n\n", [message("\na")]),
        .init("JSON data", "data: {\"a\": [1, 2]}\n\n", [message("{\"a\": [1, 2]}")]),
        .init("events one after another", "data: 1\n\ndata: 2\n\ndata: 3\n\n", [message("1"), message("2"), message("3")]),
        // Event type.
        .init("an event type", "event: add\ndata: 1\n\n", [ServerSentEvent(event: "add", data: "1")]),
        .init("an event type after the data", "data: 1\nevent: add\n\n", [ServerSentEvent(event: "add", data: "1")]),
        .init("the last event field wins", "event: a\nevent: b\ndata: 1\n\n", [ServerSentEvent(event: "b", data: "1")]),
        .init("an empty event type is message", "event:\ndata: 1\n\n", [message("1")]),
        .init("an event field without a colon is message", "event\ndata: 1\n\n", [message("1")]),
        .init("the event type does not outlive its event", "event: add\ndata: 1\n\ndata: 2\n\n",
              [ServerSentEvent(event: "add", data: "1"), message("2")]),
        .init("the event type of a block without data is dropped", "event: add\n\ndata: 1\n\n", [message("1")]),
        .init("an event type keeps inner and trailing spaces", "event:  spaced out \ndata: 1\n\n",
              [ServerSentEvent(event: " spaced out ", data: "1")]),
        .init("a value that looks like a field", "event: data: x\ndata: y\n\n", [ServerSentEvent(event: "data: x", data: "y")]),
        // Field names are compared exactly; anything else is ignored.
        .init("field names are case-sensitive", "Data: a\nDATA: b\n\n", []),
        .init("a space before the field name", " data: a\n\n", []),
        .init("a space before the colon", "data : a\n\n", []),
        .init("prefixes and extensions of data", "dat: a\ndatas: b\n\n", []),
        .init("an unknown field is ignored", "foo: bar\ndata: a\n\n", [message("a")]),
        .init("an unknown field without a colon", "foo\ndata: a\n\n", [message("a")]),
        .init("a field named by a space", " : x\n\n", []),
        // Comments.
        .init("a comment line", ": hello\ndata: a\n\n", [message("a")]),
        .init("a bare colon", ":\n\n", []),
        .init("a comment between data lines", "data: a\n: c\ndata: b\n\n", [message("a\nb")]),
        .init("blocks of comments dispatch nothing", ": keep-alive\n\n: again\n\n", []),
        .init("a comment that looks like data", ":data: a\n\n", []),
        // Dispatch.
        .init("a blank line alone", "\n", []),
        .init("an empty stream", "", []),
        .init("a block with an event type only", "event: ping\n\n", []),
        .init("a block with a retry only", "retry: 5\n\n", [], retry: 5),
        .init("every field in one block", "event: e\nid: 1\nretry: 10\ndata: d\n\n",
              [ServerSentEvent(event: "e", data: "d", id: "1", retry: 10)], retry: 10),
    ]

    @Test(arguments: cases)
    func linesAndFieldsParseAsTheStandardSaysAtEverySplit(_ testCase: EventStreamCase) async throws {
        try await testCase.check()
    }
}
