import Foundation
import Testing
@testable import Quiver

/// The events `chunks` make, as ``ServerSentEventSequence`` parses them.
func events(of chunks: [Data]) throws -> [ServerSentEvent] {
    var splitter = LineSplitter(limit: 1 << 20, acceptsLoneCarriageReturn: true)
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for chunk in chunks {
        for line in try splitter.append(chunk) {
            if let event = parser.parse(line) { events.append(event) }
        }
    }
    return events
}

@Suite struct ServerSentEventParserTests {
    @Test func multiLineDataIsJoinedWithNewlinesAtEverySplitPoint() throws {
        let text = "data: first\ndata:second\ndata:  third\n\n"
        for chunks in splits(of: Array(text.utf8)) {
            #expect(try events(of: chunks) == [ServerSentEvent(data: "first\nsecond\n third")])
        }
    }

    @Test(arguments: ["\n", "\r", "\r\n"])
    func everyLineEndWorksAtEverySplitPoint(end: String) throws {
        let text = ["event: add", "id: 7", "data: {\"x\":1}", "", "data: two", "", ""].joined(separator: end)
        let expected = [ServerSentEvent(event: "add", data: "{\"x\":1}", id: "7"), ServerSentEvent(data: "two", id: "7")]
        for chunks in splits(of: Array(text.utf8)) {
            #expect(try events(of: chunks) == expected)
        }
    }

    @Test func aLeadingByteOrderMarkIsSkippedOnlyAtTheStart() throws {
        let text = "\u{FEFF}data: a\n\n\u{FEFF}data: b\n\n"
        for chunks in splits(of: Array(text.utf8)) {
            // The second BOM makes a field named "\u{FEFF}data", which is ignored.
            #expect(try events(of: chunks) == [ServerSentEvent(data: "a")])
        }
    }

    @Test func commentsUnknownFieldsAndEmptyBlocksDispatchNothing() throws {
        let text = ": keep-alive\n\nfoo: bar\n\nevent: ping\n\ndata\n\n"
        // "data" without a colon is a data field with an empty value: an event with empty data.
        #expect(try events(of: [Data(text.utf8)]) == [ServerSentEvent(data: "")])
    }

    @Test func retryTakesOnlyDigitsAndIDsPersistUntilEmptied() throws {
        let text = "retry: 1500\nid: a\ndata: 1\n\nretry: 2s\ndata: 2\n\nid\ndata: 3\n\nid: b\u{0}c\ndata: 4\n\n"
        let parsed = try events(of: [Data(text.utf8)])
        #expect(parsed == [
            ServerSentEvent(data: "1", id: "a", retry: 1500),
            ServerSentEvent(data: "2", id: "a"),
            ServerSentEvent(data: "3"),
            ServerSentEvent(data: "4"),
        ])
    }

    @Test func wireFormatParsesBackToTheSameEvents() throws {
        let original = [ServerSentEvent(event: "delta", data: "line 1\nline 2", id: "9", retry: 250),
                        ServerSentEvent(data: "", id: "9")]
        let text = original.map(\.wireFormat).joined()
        for chunks in splits(of: Array(text.utf8)) {
            #expect(try events(of: chunks) == original)
        }
    }
}
