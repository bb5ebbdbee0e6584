import Foundation
import Testing
@testable import Quiver

@Suite(.requiresHTTPBin) struct RecordReplayHTTPBinTests {
    struct Slideshow: Decodable, Equatable {
        struct Body: Decodable, Equatable { let title: String; let author: String }
        let slideshow: Body
    }

    struct Echo: Decodable, Equatable {
        let json: [String: String]
        let args: [String: String]
    }

    @Test func recordedLiveResponsesReplayOfflineIdentically() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let live = try #require(TestServers.httpbin)
        // Nothing listens on port 9 (discard) here: the replay could not reach a server if it tried.
        let offline = try #require(URL(string: "http://127.0.0.1:9"))
        func slideshow(_ base: URL) -> GenericTarget { GenericTarget(baseURL: base, path: "json") }
        func echo(_ base: URL) -> GenericTarget {
            GenericTarget(baseURL: base, path: "anything/notes", method: .post,
                          task: HTTPTask.json(["title": "milk"]).adding(query: ["draft": "yes"]),
                          headers: ["Authorization": "Bearer LIVE-TOKEN"])
        }

        let recorder = Provider<GenericTarget>(plugins: [RecordingPlugin(directory: folder.url)])
        let recordedShow = try await recorder.decode(Slideshow.self, from: slideshow(live))
        let recordedEcho = try await recorder.decode(Echo.self, from: echo(live))

        let replayer = Provider<GenericTarget>(endpointClosure: Provider.replayingFixtures(from: folder.url),
                                               stubClosure: Provider.immediatelyStub)
        #expect(try await replayer.decode(Slideshow.self, from: slideshow(offline)) == recordedShow)
        #expect(try await replayer.decode(Echo.self, from: echo(offline)) == recordedEcho)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
            == ["GET-json.json", "POST-anything-notes.json"])
        // httpbin echoes the Authorization header in its body; the fixture must not keep the token.
        let echoed = try String(contentsOf: folder.url.appendingPathComponent("POST-anything-notes.json"), encoding: .utf8)
        #expect(!echoed.contains("LIVE-TOKEN"))
        #expect(echoed.contains("<redacted>"))
    }
}
