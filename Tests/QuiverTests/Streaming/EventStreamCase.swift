import Foundation
import Testing
@testable import Quiver

/// One case of the event-stream interpretation of the WHATWG HTML standard (§ 9.2.6): a body,
/// the events it dispatches, and the stream's state after its end.
struct EventStreamCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let expected: EventStreamOutcome

    var testDescription: String { name }

    /// A case whose body is `text` in UTF-8. The last event ID after the end is `lastEventID`,
    /// or by default the last event's.
    init(_ name: String, _ text: String, _ events: [ServerSentEvent], lastEventID: String?? = .none, retry: Int? = nil) {
        self.init(name, bytes: Array(text.utf8), events, lastEventID: lastEventID, retry: retry)
    }

    /// A case whose body is `bytes` (for byte sequences that are not UTF-8).
    init(_ name: String, bytes: [UInt8], _ events: [ServerSentEvent], lastEventID: String?? = .none, retry: Int? = nil) {
        self.name = name
        self.bytes = bytes
        expected = EventStreamOutcome(events: events, lastEventID: lastEventID ?? events.last?.id, reconnectionTime: retry)
    }

    /// Checks the case fed whole, cut in two at every byte, and one byte at a time; records the
    /// first split that parses differently.
    func check() async throws {
        for chunks in splits(of: bytes) {
            let outcome = try await EventStreamOutcome(parsing: chunks)
            if outcome != expected {
                #expect(outcome == expected, "\(name), fed as chunks of \(chunks.map(\.count)) bytes")
                return
            }
        }
    }
}

/// What an event stream came to: its events, then its last event ID and reconnection time (in
/// milliseconds) once it ended.
struct EventStreamOutcome: Equatable, Sendable {
    var events: [ServerSentEvent]
    var lastEventID: String?
    var reconnectionTime: Int?

    /// Reads `chunks` as a streamed body through ``ResponseStream/events(lineLimit:eventLimit:)``.
    init(parsing chunks: [Data]) async throws {
        let stream = ResponseStream(response: Response(statusCode: 200, data: Data()), chunks: ChunkList(chunks: chunks))
        let sequence = stream.events()
        var iterator = sequence.makeAsyncIterator()
        events = []
        while let event = try await iterator.next() {
            events.append(event)
        }
        lastEventID = sequence.lastEventID
        reconnectionTime = iterator.connection?.parser.reconnectionTime
    }

    init(events: [ServerSentEvent], lastEventID: String?, reconnectionTime: Int?) {
        self.events = events
        self.lastEventID = lastEventID
        self.reconnectionTime = reconnectionTime
    }
}

/// A body made of the given chunks, in order.
struct ChunkList: AsyncSequence, Sendable {
    typealias Element = Data
    let chunks: [Data]

    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: ArraySlice<Data>

        mutating func next() async -> Data? {
            rest.popFirst()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(rest: chunks[...])
    }
}

/// An event of type "message" with `data`, as a case expects it.
func message(_ data: String, id: String? = nil, retry: Int? = nil) -> ServerSentEvent {
    ServerSentEvent(data: data, id: id, retry: retry)
}
