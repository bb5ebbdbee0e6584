import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
import QuiverTesting

/// A live Server-Sent-Events stream from the fault server, recorded with its timing by
/// `RecordingPlugin` and replayed offline as recorded, faster, and with no pause.
@Suite(.requiresFaultServer) struct StreamRecordingIntegrationTests {
    /// Five events 150 ms apart; the first echoes the request's `Authorization` header.
    private func events(_ base: URL) -> GenericTarget {
        GenericTarget(baseURL: base, path: "sse",
                      task: .query(["events": "4", "interval": "0.15", "echo": "Authorization"]),
                      headers: ["Authorization": "Bearer LIVE-STREAM-TOKEN"])
    }

    private func read(_ provider: Provider<GenericTarget>, _ target: GenericTarget) async throws -> (data: [String], seconds: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        var data: [String] = []
        for try await event in try await provider.stream(for: target).events() {
            data.append(event.data)
        }
        return (data, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    @Test func aRecordedStreamReplaysItsEventsAtTheRecordedPaceScaledOrAtOnce() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let live = try #require(TestServers.fault)
        // Nothing listens on port 9 (discard) here: the replay could not reach a server if it tried.
        let offline = try #require(URL(string: "http://127.0.0.1:9"))

        let recorder = Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [RecordingPlugin(directory: folder.url)])
        let recorded = try await read(recorder, events(live))
        #expect(recorded.data == ["Bearer LIVE-STREAM-TOKEN", #"{"n": 0}"#, #"{"n": 1}"#, #"{"n": 2}"#, #"{"n": 3}"#])

        let file = folder.url.appendingPathComponent("GET-sse.json")
        let fixture = try Fixture(fileData: Data(contentsOf: file))
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("LIVE-STREAM-TOKEN"))
        #expect(text.contains(#""stream""#))
        // The events came apart (about one piece each; a reader stalled for 150 ms may get two
        // in one), spread over the ~0.6 s the server took.
        #expect(fixture.chunks.count >= 3)
        let last = try #require(fixture.chunks.last?.time)
        #expect(last >= 0.5)
        #expect(fixture.chunks.map(\.time) == fixture.chunks.map(\.time).sorted())

        func replayer(_ scale: Double) -> Provider<GenericTarget> {
            Provider<GenericTarget>(endpointClosure: Provider.replayingFixtures(from: folder.url, streamTimeScale: scale),
                                    stubClosure: Provider.immediatelyStub)
        }
        let redacted = ["<redacted>", #"{"n": 0}"#, #"{"n": 1}"#, #"{"n": 2}"#, #"{"n": 3}"#]
        let asRecorded = try await read(replayer(1), events(offline))
        #expect(asRecorded.data == redacted)
        #expect(asRecorded.seconds >= last * 0.9)
        let faster = try await read(replayer(0.5), events(offline))
        #expect(faster.data == redacted)
        #expect(faster.seconds >= last * 0.45)
        let atOnce = try await read(replayer(0), events(offline))
        #expect(atOnce.data == redacted)
    }
}
