import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
import QuiverTesting

@Suite struct ProviderStreamingTests {
    let stubbed = Provider<StreamAPI>(stubClosure: Provider.immediatelyStub)

    @Test func stubbedEventsDecodeUntilTheEndMarker() async throws {
        let stream = try await stubbed.stream(for: .chat)
        #expect(stream.response.statusCode == 200)
        #expect(stream.response.isStubbed)
        var deltas: [Delta] = []
        for try await delta in stream.decodedEvents(as: Delta.self, until: "[DONE]") {
            deltas.append(delta)
        }
        #expect(deltas == [Delta(text: "Hel"), Delta(text: "lo")])
    }

    @Test func ndjsonLinesDecodeAcrossChunkBoundariesAndSkipBlankLines() async throws {
        var values: [Numbered] = []
        for try await value in try await stubbed.stream(for: .feed).decodedLines(as: Numbered.self) {
            values.append(value)
        }
        #expect(values == [Numbered(n: 1), Numbered(n: 2), Numbered(n: 3)])
    }

    @Test func aMalformedValueEndsTheSequenceWithADecodingError() async throws {
        let stream = try await stubbed.stream(for: .chat)
        var decoded = 0
        do {
            // Without the end marker, "[DONE]" is not JSON.
            for try await _ in stream.decodedEvents(as: Delta.self) { decoded += 1 }
            Issue.record("the malformed event did not fail")
        } catch let error as QuiverError {
            guard case .decoding(_, let response) = error else {
                Issue.record("expected .decoding, got \(error)")
                return
            }
            #expect(String(decoding: response.data, as: UTF8.self) == "[DONE]")
            #expect(response.request?.url?.path.hasSuffix("chat") == true)
        }
        #expect(decoded == 2)
    }

    @Test func aRejectedStatusIsAStatusCodeErrorWithItsBody() async throws {
        let provider = Provider<StreamAPI>(endpointClosure: { target in
            Endpoint(url: exampleBase.appendingPathComponent(target.path).absoluteString,
                     sampleResponseClosure: { .networkResponse(404, target.sampleData) },
                     method: target.method, task: target.task, httpHeaderFields: nil)
        }, stubClosure: Provider.immediatelyStub)
        await #expect {
            _ = try await provider.stream(for: .missing)
        } throws: { error in
            guard case .statusCode(let response) = error as? QuiverError else { return false }
            return response.statusCode == 404 && response.data == StreamAPI.missing.sampleData
        }
    }

    @Test func aQuietStreamTripsTheTargetsIdleTimeoutAfterTheFirstEvent() async throws {
        let stream = try await stubbed.stream(for: .slow)
        var iterator = stream.events().makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.data == "{\"text\":\"Hel\"}")
        let start = Date()
        await #expect {
            _ = try await iterator.next()
        } throws: { error in
            guard case .timedOut(let request, let after) = error as? QuiverError else { return false }
            return after == 5 && request?.url?.path.hasSuffix("slow") == true
        }
        // Well before the next event (30 s). The limit is long because a parallel test run can
        // keep the cooperative pool busy for seconds, and the first event would then arrive late.
        #expect(Date().timeIntervalSince(start) < 15)
    }

    @Test func aTransportWithoutStreamingFailsWithATypedErrorAndSendsNothing() async throws {
        let transport = RecordingTransport()
        let provider = Provider<StreamAPI>(transport: transport)
        await #expect {
            _ = try await provider.stream(for: .chat)
        } throws: { error in
            guard case .transport(let cause, nil) = error as? QuiverError else { return false }
            return (cause as? StreamError) == .streamingNotSupported(transport: "RecordingTransport")
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func retriesHappenBeforeTheHeadAndNeverAfter() async throws {
        let body = Data(ServerSentEvent(data: "ok").wireFormat.utf8)
        let script = StubScript.sequence([.networkResponse(503, Data()), .networkResponse(200, body)])
        let provider = Provider<StreamAPI>(transport: script,
                                           retryPolicy: RetryPolicy(maximumAttempts: 3, baseDelay: 0, jitter: 0))
        var received: [String] = []
        for try await event in try await provider.stream(for: .chat).events() {
            received.append(event.data)
        }
        #expect(received == ["ok"])
        #expect(script.requests.count == 2)
    }

    @Test func pluginsSeeTheHeadAtTheStartAndTheEndWhenTheBodyEnds() async throws {
        let changes = Locked([NetworkActivityPlugin.Change]())
        let activity = NetworkActivityPlugin { change, _ in changes.withLock { $0.append(change) } }
        let provider = Provider<StreamAPI>(stubClosure: Provider.immediatelyStub, plugins: [activity])
        let stream = try await provider.stream(for: .chat)
        #expect(changes.withLock { $0 } == [.began])
        for try await _ in stream {}
        #expect(changes.withLock { $0 } == [.began, .ended])
    }

    @Test func serverSentEventsScriptStreamsItsEvents() async throws {
        let script = StubScript.serverSentEvents([ServerSentEvent(event: "a", data: "1", id: "x"),
                                                  ServerSentEvent(event: "b", data: "2")])
        let provider = Provider<StreamAPI>(transport: script)
        var seen: [ServerSentEvent] = []
        for try await event in try await provider.stream(for: .chat).events() {
            seen.append(event)
        }
        #expect(seen == [ServerSentEvent(event: "a", data: "1", id: "x"), ServerSentEvent(event: "b", data: "2", id: "x")])
    }
}
