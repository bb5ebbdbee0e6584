import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Server-Sent Events against the fault server: the event size limit, and the stream's state
/// (last event ID, reconnection time) carried across reconnections.
@Suite(.requiresFaultServer) struct ServerSentEventIntegrationTests {
    let provider = Provider<LiveStream>(transport: TransportUnderTest.shared)

    private func fault(_ path: String, _ query: KeyValuePairs<String, String>) -> LiveStream {
        LiveStream(url: url(TestServers.fault ?? TestServers.unconfigured, path, query: query))
    }

    /// A new /sse-resume stream of six events whose first connection ends before event 3.
    private func resumable(_ query: KeyValuePairs<String, String> = [:]) -> LiveStream {
        var items = [URLQueryItem(name: "key", value: UUID().uuidString), URLQueryItem(name: "events", value: "6"),
                     URLQueryItem(name: "reset_after", value: "3")]
        items += query.map { URLQueryItem(name: $0.key, value: $0.value) }
        var components = URLComponents(url: url(TestServers.fault ?? TestServers.unconfigured, "/sse-resume"),
                                       resolvingAgainstBaseURL: false)
        components?.queryItems = items
        return LiveStream(url: components?.url ?? TestServers.unconfigured)
    }

    private func ids(of events: ServerSentEventSequence) async throws -> [String] {
        var ids: [String] = []
        for try await event in events {
            ids.append(event.id ?? "-")
        }
        return ids
    }

    @Test func anEventOfManyDataLinesEndsTheStreamAtTheDefaultEventLimit() async throws {
        // 8.8 MB in one event, in lines of 8,000 bytes: each far under the line limit.
        let target = fault("/sse-big-event", ["lines": "1100", "bytes": "8000"])
        var received = 0
        await #expect {
            for try await _ in try await provider.stream(for: target).events() { received += 1 }
        } throws: { error in
            guard case .decoding(let cause, let response) = error as? QuiverError else { return false }
            return (cause as? StreamError) == .eventTooLarge(limit: 8 << 20) && response.request?.url?.path == "/sse-big-event"
        }
        #expect(received == 0)
    }

    @Test func theEventLimitIsChosenPerStream() async throws {
        let target = fault("/sse-big-event", ["lines": "20", "bytes": "8191"])
        await #expect {
            for try await _ in try await provider.stream(for: target).events(eventLimit: 64 << 10) {}
        } throws: { error in
            guard case .decoding(let cause, _) = error as? QuiverError else { return false }
            return (cause as? StreamError) == .eventTooLarge(limit: 64 << 10)
        }
        var sizes: [Int] = []
        for try await event in try await provider.stream(for: target).events(eventLimit: 256 << 10) {
            sizes.append(event.data.utf8.count)
        }
        // One event: 20 lines of 8,191 bytes, then "tail", joined with LFs.
        #expect(sizes == [20 * 8192 + 4])
    }

    @Test func theServersRetryInABlockWithoutDataIsTheWaitBeforeReconnecting() async throws {
        // The server sends "retry: 100" in a block of its own; the policy's 30 s must not apply.
        let events = provider.events(for: resumable(), reconnecting: ServerSentEventReconnection(delay: 30))
        let start = Date()
        #expect(try await ids(of: events) == ["0", "1", "2", "3", "4", "5"])
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(events.reconnectionTime == 0.1)
        #expect(events.lastEventID == "5")
    }

    @Test func anIDInABlockWithoutDataIsTheLastEventIDSentOnReconnecting() async throws {
        // Each event's id comes in a data-less block of its own; the connection drops after the
        // block "id: 3" and before event 3's data, so the stream resumes after 3.
        let events = provider.events(for: resumable(["bare_ids": "1"]), reconnecting: ServerSentEventReconnection(delay: 0))
        #expect(try await ids(of: events) == ["0", "1", "2", "4", "5"])
        #expect(events.lastEventID == "5")
    }

    @Test func maximumDelayCapsTheServersRetry() async throws {
        let events = provider.events(for: resumable(["retry": "60000"]),
                                     reconnecting: ServerSentEventReconnection(delay: 30, maximumDelay: 0.2))
        let start = Date()
        #expect(try await ids(of: events) == ["0", "1", "2", "3", "4", "5"])
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(events.reconnectionTime == 60)
    }

    @Test func aCleanlyEndedStreamIsOverByDefault() async throws {
        let events = provider.events(for: resumable(["end": "close"]))
        #expect(try await ids(of: events) == ["0", "1", "2"])
    }

    @Test func aCleanlyEndedStreamReconnectsWhenThePolicySaysSo() async throws {
        // Opened again after each clean end, with the last event ID; over after two clean ends
        // in a row without an event.
        let policy = ServerSentEventReconnection(maximumAttempts: 2, delay: 30, reconnectsAfterCleanEnd: true)
        let events = provider.events(for: resumable(["end": "close"]), reconnecting: policy)
        let start = Date()
        #expect(try await ids(of: events) == ["0", "1", "2", "3", "4", "5"])
        // The server's `retry:` set the wait, not the policy's 30 s.
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func noContentStopsReconnectingAfterACleanEnd() async throws {
        let policy = ServerSentEventReconnection(delay: 30, reconnectsAfterCleanEnd: true)
        let start = Date()
        #expect(try await ids(of: provider.events(for: fault("/status/204", [:]), reconnecting: policy)) == [])
        // No wait of 30 s before a reconnection that must not happen.
        #expect(Date().timeIntervalSince(start) < 20)
    }
}
