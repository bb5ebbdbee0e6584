import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
import QuiverTesting

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

        let recorder = Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [RecordingPlugin(directory: folder.url)])
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

/// What a fixture recorded from httpbin, which echoes the request in its body, may contain.
@Suite(.requiresHTTPBin) struct RecordingRedactionHTTPBinTests {
    struct Echo: Decodable {
        let args: [String: String]
        let form: [String: String]
        let json: [String: String]?
        let headers: [String: String]
    }

    /// Every fixture file of `folder`, as one text.
    private func fixtures(in folder: TemporaryDirectory) throws -> String {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted().map {
            try String(contentsOf: folder.url.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
    }

    @Test func listedQueryParametersBodyKeysAndHeadersNeverReachAFixture() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let base = try #require(TestServers.httpbin)
        let redaction = Redaction(headers: ["X-Api-Key"], queryParameters: ["api_key"],
                                                                    bodyKeys: ["password"])
        let recorder = Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [RecordingPlugin(directory: folder.url, redaction: redaction)])
        let json = GenericTarget(baseURL: base, path: "anything/json", method: .post,
                                 task: HTTPTask.json(["user": "ada", "password": "LIVE-JSON-PASSWORD"])
                                     .adding(query: ["api_key": "LIVE-QUERY-KEY", "page": "2"]),
                                 headers: ["X-Api-Key": "LIVE-HEADER-KEY"])
        let form = GenericTarget(baseURL: base, path: "anything/form", method: .post,
                                 task: .form(["user": "ada", "password": "LIVE-FORM-PASSWORD"]))
        #expect(try await recorder.response(for: json).statusCode == 200)
        #expect(try await recorder.response(for: form).statusCode == 200)

        let text = try fixtures(in: folder)
        #expect(!text.contains("LIVE-"), "\(text)")
        #expect(text.contains("<redacted>"))

        // The rest of the echo is kept, and replays.
        let replayer = Provider<GenericTarget>(endpointClosure: Provider.replayingFixtures(from: folder.url),
                                               stubClosure: Provider.immediatelyStub)
        let jsonEcho = try await replayer.decode(Echo.self, from: json)
        #expect(jsonEcho.json == ["user": "ada", "password": "<redacted>"])
        #expect(jsonEcho.args == ["api_key": "<redacted>", "page": "2"])
        #expect(jsonEcho.headers["X-Api-Key"] == "<redacted>")
        let formEcho = try await replayer.decode(Echo.self, from: form)
        #expect(formEcho.form == ["user": "ada", "password": "<redacted>"])
    }

    @Test func eachCookieValueOfASentCookieHeaderIsRedacted() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let base = try #require(TestServers.httpbin)
        // A session that neither stores nor adds cookies: the header sent is the one written here.
        let recorder = Provider<GenericTarget>(transport: TransportUnderTest.cookieless,
                                               plugins: [RecordingPlugin(directory: folder.url)])
        // httpbin answers {"cookies": {"a": "1", "session": "…", "id": "…"}}.
        let cookies = GenericTarget(baseURL: base, path: "cookies",
                                    headers: ["Cookie": "a=1; session=LIVE-SESSION-COOKIE; id=k9"])
        #expect(try await recorder.response(for: cookies).statusCode == 200)
        let text = try fixtures(in: folder)
        #expect(!text.contains("LIVE-SESSION-COOKIE"), "\(text)")
        #expect(!text.contains("\"k9\""), "\(text)")
        #expect(text.contains("\"session\" : \"<redacted>\""), "\(text)")
    }
}

/// Recording against the fault server: retries, cookies with attributes, numbers no `Double` holds.
@Suite(.requiresFaultServer) struct RecordReplayFaultTests {
    private func replayer(_ folder: TemporaryDirectory) -> Provider<GenericTarget> {
        Provider<GenericTarget>(endpointClosure: Provider.replayingFixtures(from: folder.url), stubClosure: Provider.immediatelyStub)
    }

    @Test func aRetriedRequestRecordsTheAnswerTheCallerReceived() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let base = try #require(TestServers.fault)
        // 503 once, then 200: the caller gets the 200 after one retry.
        let target = GenericTarget(baseURL: base, path: "flaky", task: .query(["key": UUID().uuidString, "failures": "1"]))
        let recorder = Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [RecordingPlugin(directory: folder.url)],
                                               retryPolicy: RetryPolicy(baseDelay: 0.001))
        let live = try await recorder.response(for: target)
        #expect(live.statusCode == 200)

        struct Answer: Decodable, Equatable { let key: String; let attempt: Int }
        let replayed = await replayer(folder).result(for: target)
        #expect((try? replayed.get().statusCode) == 200)
        #expect(try live.decode(Answer.self).attempt == 2)
        #expect((try? replayed.get().decode(Answer.self)) == (try live.decode(Answer.self)))
    }

    @Test func everyCookieOfSeveralSetCookieHeadersWithAttributesIsRedacted() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let base = try #require(TestServers.fault)
        let target = GenericTarget(baseURL: base, path: "login-cookies")
        let live = try await Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [RecordingPlugin(directory: folder.url)]).response(for: target)
        #expect(String(decoding: live.data, as: UTF8.self).contains("S3SSION-SECRET-VALUE"))

        let file = try String(contentsOf: folder.url.appendingPathComponent("GET-login-cookies.json"), encoding: .utf8)
        for secret in ["S3SSION-SECRET-VALUE", "R3MEMBER-SECRET-VALUE", "c5rf"] {
            #expect(!file.contains(secret), "\(secret) in \(file)")
        }
        #expect(file.contains("\"user\" : \"ada\""))
    }

    /// The body the fault server sends, without white space.
    static let bigNumbers = #"{"id":1234567890123456789,"exact":9007199254740993,"negative":-9223372036854775809,"#
        + #""beyond64":18446744073709551616,"price":0.10000000000000000555,"ratio":1.50,"#
        + #""long":3.14159265358979323846264338327950288419716939937510,"small":1E-7,"#
        + #""list":[9007199254740993,1234567890123456789.25]}"#

    @Test(arguments: [false, true])
    func numbersNoDoubleHoldsReplayAsRecorded(pretty: Bool) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let base = try #require(TestServers.fault)
        let target = GenericTarget(baseURL: base, path: "big-numbers", task: .query(["pretty": pretty ? 1 : 0]))
        let live = try await Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [RecordingPlugin(directory: folder.url)]).response(for: target)
        #expect(pretty || String(decoding: live.data, as: UTF8.self) == Self.bigNumbers)

        let file = try String(contentsOf: folder.url.appendingPathComponent("GET-big-numbers.json"), encoding: .utf8)
        #expect(file.contains("1234567890123456789,"), "\(file)")
        #expect(file.contains("9007199254740993"), "\(file)")

        let replayed = try await replayer(folder).response(for: target)
        #expect(String(decoding: replayed.data, as: UTF8.self) == Self.bigNumbers)
        let length = replayed.response?.value(forHTTPHeaderField: "Content-Length")
        #expect(length == nil || length == String(replayed.data.count), "Content-Length \(length ?? "") for \(replayed.data.count) bytes")
    }
}
