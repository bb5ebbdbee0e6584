import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
@testable import QuiverTesting

struct NamedFixtureTarget: TargetType, FixtureNaming {
    var baseURL: URL { exampleBase }
    var path: String { "me" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var fixtureName: String { "profile.json" }
}

@Suite struct RecordReplayTests {
    /// A "live" server: a scripted transport with headers, including secrets.
    private func liveTransport(body: String = #"{"id":7,"name":"Ada","tags":["a","b"]}"#) -> StubScript {
        StubScript { request, _ in
            let http = HTTPURLResponse(url: request.url, statusCode: 200, httpVersion: "HTTP/1.1",
                                       headerFields: ["Content-Type": "application/json", "Set-Cookie": "session=SECRET",
                                                      "X-Api-Key": "SECRET-2", "X-Rate-Limit": "10"])
            return http.map { .response($0, Data(body.utf8)) } ?? .networkResponse(200, Data(body.utf8))
        }
    }

    @Test func aRecordedResponseReplaysToTheSameDecodedResult() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let recorder = RecordingPlugin(directory: folder.url, redaction: .init(headers: ["X-Api-Key"]))
        let live = Provider<ExampleAPI>(transport: liveTransport(), plugins: [recorder])
        let recorded = try await live.decode(User.self, from: .user(id: 7))

        let file = folder.url.appendingPathComponent("GET-users-7.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#""name" : "Ada""#))
        #expect(!text.contains("SECRET"))
        #expect(text.contains("<redacted>"))

        let offline = Provider<ExampleAPI>(endpointClosure: Provider.replayingFixtures(from: folder.url),
                                           stubClosure: Provider.immediatelyStub,
                                           transport: RecordingTransport(.failure(TestError(reason: "offline"))))
        let response = try await offline.response(for: .user(id: 7))
        #expect(try response.decode(User.self) == recorded)
        #expect(response.value(forHTTPHeaderField: "X-Rate-Limit") == "10")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func aMissingFixtureFailsNamingTheFile() async {
        let folder = URL(fileURLWithPath: "/nonexistent-fixtures")
        let offline = Provider<ExampleAPI>(endpointClosure: Provider.replayingFixtures(from: folder), stubClosure: Provider.immediatelyStub)
        guard case .transport(let cause, _)? = await offline.result(for: .user(id: 3)).failure,
              case .missing(let file) = cause as? FixtureError else {
            Issue.record("expected .transport(FixtureError.missing)")
            return
        }
        #expect(file.path == "/nonexistent-fixtures/GET-users-3.json")
        #expect("\(cause)".contains("/nonexistent-fixtures/GET-users-3.json"))
    }

    @Test func aFixtureFileIsReadOnceAndAMissingOneIsLookedForAgain() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("GET-users-7.json")
        let replay = Provider<ExampleAPI>.replayingFixtures(from: folder.url)
        let offline = Provider<ExampleAPI>(endpointClosure: replay, stubClosure: Provider.immediatelyStub)
        guard case .transport(let cause, _)? = await offline.result(for: .user(id: 7)).failure,
              case .missing = cause as? FixtureError else {
            Issue.record("expected FixtureError.missing before the file exists")
            return
        }

        let first = Fixture(request: .init(method: "GET", path: "/users/7"), statusCode: 200, body: Data(#"{"v":1}"#.utf8))
        try FixtureFiles.write(first, to: file, overwriting: false)
        #expect(try await offline.response(for: .user(id: 7)).data == Data(#"{"v":1}"#.utf8))

        // Changed on disk: this closure keeps serving what it read; a new one reads the change.
        try FixtureFiles.write(Fixture(request: first.request, statusCode: 200, body: Data(#"{"v":2}"#.utf8)),
                               to: file, overwriting: true)
        #expect(try await offline.response(for: .user(id: 7)).data == Data(#"{"v":1}"#.utf8))
        let fresh = Provider<ExampleAPI>(endpointClosure: Provider.replayingFixtures(from: folder.url),
                                         stubClosure: Provider.immediatelyStub)
        #expect(try await fresh.response(for: .user(id: 7)).data == Data(#"{"v":2}"#.utf8))
    }

    @Test func existingFixturesAreKeptUnlessOverwritingIsAsked() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = await Provider<ExampleAPI>(transport: liveTransport(body: #"{"v":1}"#), plugins: [RecordingPlugin(directory: folder.url)])
            .result(for: .missing)
        _ = await Provider<ExampleAPI>(transport: liveTransport(body: #"{"v":2}"#), plugins: [RecordingPlugin(directory: folder.url)])
            .result(for: .missing)
        let file = folder.url.appendingPathComponent("GET-missing.json")
        #expect(try FixtureFiles.read(file).body == Data(#"{"v":1}"#.utf8))
        _ = await Provider<ExampleAPI>(transport: liveTransport(body: #"{"v":2}"#),
                                       plugins: [RecordingPlugin(directory: folder.url, overwrites: true)]).result(for: .missing)
        #expect(try FixtureFiles.read(file).body == Data(#"{"v":2}"#.utf8))
    }

    @Test func aDisabledRecorderWritesNothing() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = await Provider<ExampleAPI>(transport: liveTransport(), plugins: [RecordingPlugin(directory: folder.url, isEnabled: false)])
            .result(for: .user(id: 1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func targetsNameTheirFixturesAndConcurrentRecordingIsSafe() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let provider = Provider<NamedFixtureTarget>(transport: liveTransport(), plugins: [RecordingPlugin(directory: folder.url, overwrites: true)])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 { group.addTask { _ = await provider.result(for: NamedFixtureTarget()) } }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["profile.json"])
        #expect(try FixtureFiles.read(folder.url.appendingPathComponent("profile.json")).statusCode == 200)
    }

    @Test func textAndBinaryBodiesRoundTripExactly() throws {
        for body in [Data("plain text, not JSON".utf8), Data([0, 159, 146, 150, 255]), Data(), Data(#"[1,2.5,"x",null,true]"#.utf8)] {
            let fixture = Fixture(request: .init(method: "GET", path: "/x"), statusCode: 201, headers: ["A": "b"], body: body)
            let decoded = try JSONDecoder().decode(Fixture.self, from: JSONEncoder().encode(fixture))
            #expect(decoded == fixture)
        }
    }
}
