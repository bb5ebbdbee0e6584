import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// What a reader is told when a stream passes one of its limits: which limit, its value, and the
/// parameter that raises it, never a word about an empty body or `sampleData` (#48).
@Suite struct StreamErrorTests {
    private let stubbed = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub)

    /// A stubbed stream whose body is `body`.
    private func stream(_ body: String) async throws -> ResponseStream {
        try await stubbed.stream(for: GenericTarget(baseURL: exampleBase, path: "logs", sampleData: Data(body.utf8)))
    }

    /// The error that ended reading `sequence`.
    private func failure<S: AsyncSequence>(reading sequence: S) async -> QuiverError? {
        do {
            for try await _ in sequence {}
            Issue.record("the sequence ended without passing its limit")
            return nil
        } catch {
            return error as? QuiverError
        }
    }

    @Test func aLineTooLongNamesTheLineLimitAndHowToRaiseIt() async throws {
        let error = try #require(await failure(reading: try await stream(String(repeating: "x", count: 40) + "\n").lines(limit: 16)))
        guard case .decoding(let cause as StreamError, _) = error else {
            Issue.record("expected .decoding(StreamError), got \(error)")
            return
        }
        #expect(cause == .lineTooLong(limit: 16))
        #expect(error.description == "GET https://api.example.com/v2/logs answered 200 (stubbed), but reading its streamed "
            + "body stopped: a line is longer than the line limit of 16 bytes; if the server's lines are meant to be that "
            + "long, raise it with lines(limit:), decodedLines(lineLimit:), events(lineLimit:) or decodedEvents(lineLimit:).")
        #expect(!error.description.contains("sampleData"))
        #expect(!error.description.contains("empty"))
        #expect(!error.description.contains("\n"))
    }

    @Test func anEventTooLargeNamesTheEventLimitAndHowToRaiseIt() async throws {
        let body = "data: 0123456789\ndata: 0123456789\n\n"
        let error = try #require(await failure(reading: try await stream(body).events(eventLimit: 12)))
        guard case .decoding(let cause as StreamError, _) = error else {
            Issue.record("expected .decoding(StreamError), got \(error)")
            return
        }
        #expect(cause == .eventTooLarge(limit: 12))
        #expect(error.description == "GET https://api.example.com/v2/logs answered 200 (stubbed), but reading its streamed "
            + "body stopped: an event has more than the event limit of 12 bytes of data; if the server's events are meant "
            + "to be that large, raise it with events(eventLimit:) or decodedEvents(eventLimit:).")
        #expect(!error.description.contains("sampleData"))
    }

    @Test func aLiveStreamIsNotToldToDecodeEmptyResponse() async throws {
        let head = Response(statusCode: 200, data: Data(), request: URLRequest(url: try #require(URL(string: "https://api.example.com/feed"))))
        let error = QuiverError.decoding(StreamError.lineTooLong(limit: 1 << 20), head)
        #expect(error.description.hasPrefix("GET https://api.example.com/feed answered 200, but reading its streamed body "
            + "stopped: a line is longer than the line limit of 1048576 bytes (1 MiB);"))
        #expect(!error.description.contains("EmptyResponse"))
    }

    @Test func decodedEventsTakeTheLimitsOfEvents() async throws {
        let body = "data: {\"text\":\"0123456789\"}\n\n"
        let error = try #require(await failure(reading: try await stream(body).decodedEvents(as: Delta.self, eventLimit: 8)))
        guard case .decoding(let cause as StreamError, _) = error else {
            Issue.record("expected .decoding(StreamError), got \(error)")
            return
        }
        #expect(cause == .eventTooLarge(limit: 8))
        var read: [Delta] = []
        for try await delta in try await stream(body).decodedEvents(as: Delta.self, lineLimit: 64, eventLimit: 64) {
            read.append(delta)
        }
        #expect(read == [Delta(text: "0123456789")])
    }

    @Test func theStreamErrorAloneSaysTheSame() {
        #expect(StreamError.lineTooLong(limit: 2 << 20).description == "a line is longer than the line limit of 2097152 bytes "
            + "(2 MiB); if the server's lines are meant to be that long, raise it with lines(limit:), "
            + "decodedLines(lineLimit:), events(lineLimit:) or decodedEvents(lineLimit:)")
        #expect(StreamError.eventTooLarge(limit: 64 << 10).description == "an event has more than the event limit of 65536 "
            + "bytes (64 KiB) of data; if the server's events are meant to be that large, raise it with events(eventLimit:) "
            + "or decodedEvents(eventLimit:)")
    }
}
