import Foundation
import Testing
@testable import Quiver

/// A streamed body of `chunks`, as a transport would hand it over.
func eventStream(_ chunks: [Data]) -> ResponseStream {
    ResponseStream(response: Response(statusCode: 200, data: Data()), chunks: ChunkList(chunks: chunks))
}

/// The events of `chunks` under an event limit of `limit` bytes.
func events(of chunks: [Data], eventLimit limit: Int) async throws -> [ServerSentEvent] {
    var events: [ServerSentEvent] = []
    for try await event in eventStream(chunks).events(eventLimit: limit) {
        events.append(event)
    }
    return events
}

@Suite struct ServerSentEventParserTests {
    @Test func wireFormatParsesBackToTheSameEvents() async throws {
        let original = [ServerSentEvent(event: "delta", data: "line 1\nline 2", id: "9", retry: 250),
                        ServerSentEvent(data: "", id: "9")]
        let text = original.map(\.wireFormat).joined()
        for chunks in splits(of: Array(text.utf8)) {
            #expect(try await EventStreamOutcome(parsing: chunks).events == original)
        }
    }

    @Test func anEventAtItsLimitPassesAndOneByteMoreEndsTheStreamNamingTheLimit() async throws {
        // 5 + 1 (the joining LF) + 4 = 10 bytes of data.
        for chunks in splits(of: Array("data: 12345\ndata: 6789\n\n".utf8)) {
            #expect(try await events(of: chunks, eventLimit: 10) == [ServerSentEvent(data: "12345\n6789")])
        }
        for chunks in splits(of: Array("data: ok\n\ndata: 12345\ndata: 67890\n\ndata: never\n\n".utf8)) {
            var received: [String] = []
            await #expect {
                for try await event in eventStream(chunks).events(eventLimit: 10) { received.append(event.data) }
            } throws: { error in
                guard case .decoding(let cause, _) = error as? QuiverError else { return false }
                return (cause as? StreamError) == .eventTooLarge(limit: 10)
            }
            #expect(received == ["ok"])
        }
    }

    @Test func theLimitIsPerEventAndCountsOnlyData() async throws {
        let block = ": a comment longer than the limit\nevent: a-type-longer-than-the-limit\ndata: 1234\ndata: 5\n\n"
        let text = String(repeating: block, count: 50)
        let parsed = try await events(of: [Data(text.utf8)], eventLimit: 6)
        #expect(parsed.count == 50)
        #expect(parsed.allSatisfy { $0.data == "1234\n5" })
    }

    @Test func manyEmptyDataLinesCountTheirLineEnds() async throws {
        let text = String(repeating: "data\n", count: 12) + "\n"
        await #expect {
            _ = try await events(of: [Data(text.utf8)], eventLimit: 10)
        } throws: { error in
            guard case .decoding(let cause, _) = error as? QuiverError else { return false }
            return (cause as? StreamError).map { if case .eventTooLarge = $0 { true } else { false } } ?? false
        }
        // Eleven empty data fields hold ten line feeds: at the limit.
        let atLimit = try await events(of: [Data(String(text.dropFirst(5)).utf8)], eventLimit: 10)
        #expect(atLimit == [ServerSentEvent(data: String(repeating: "\n", count: 10))])
    }

    @Test func theStreamStateIsReadableOnTheSequenceWhileIteratingIt() async throws {
        let text = "retry: 250\n\ndata: a\n\nid: 7\n\ndata: b\n\nretry: 1500\nid: 8\ndata: c\n\nid: 9\ndata: unfinished\n"
        for chunks in splits(of: Array(text.utf8)) {
            let events = eventStream(chunks).events()
            #expect(events.lastEventID == nil && events.reconnectionTime == nil)
            var seen: [String] = []
            for try await event in events {
                seen.append("\(event.data) \(events.lastEventID ?? "-") \(events.reconnectionTime ?? -1)")
            }
            #expect(seen == ["a - 0.25", "b 7 0.25", "c 8 1.5"])
            // The last event ID is the last dispatched block's, not the unfinished one's.
            #expect(events.lastEventID == "8")
            #expect(events.reconnectionTime == 1.5)
        }
    }

    @Test func anIDBlockWithoutDataMovesTheSequencesLastEventID() async throws {
        let events = eventStream([Data("id: 1\ndata: a\n\nid: 2\n\n: idle\n".utf8)]).events()
        for try await _ in events {}
        #expect(events.lastEventID == "2")
    }
}
