import Foundation
import Testing
@testable import Quiver
@testable import QuiverTesting

@Suite struct RecordedRequestTests {
    @Test func queryFormAndJSONReadBackDecoded() throws {
        let url = try #require(URL(string: "https://h/v2/search?q=swift%20http&tag=a&tag=b"))
        let form = RecordedRequest(TransportRequest(method: .post, url: url,
                                                    headerFields: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"],
                                                    body: .data(Data("name=Ada+Lovelace&note=100%25&empty=".utf8))), position: 1)
        #expect(form.queryItems.map { "\($0.name)=\($0.value)" } == ["q=swift http", "tag=a", "tag=b"])
        #expect(form.formFields.map { "\($0.name)=\($0.value)" } == ["name=Ada Lovelace", "note=100%", "empty="])
        #expect(form.json == nil)
        #expect(form.summary == "POST /v2/search")
        let json = RecordedRequest(TransportRequest(method: .put, url: url, headerFields: ["content-type": "application/json"],
                                                    body: .data(Data(#"{"a":[1,{"b":null}]}"#.utf8))), position: 2)
        #expect(json.json == .object(["a": .array([.number(1), .object(["b": .null])])]))
        #expect(json.formFields.isEmpty)
        #expect(json.header("CONTENT-TYPE") == "application/json")
    }

    @Test func aRevalidationIsARequestCarryingTheCachesConditions() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v1/item", times: 2)
            .respond(status: 200, headers: ["Cache-Control": "max-age=0", "ETag": "\"v1\""], body: Data("{}".utf8))
            .respond(status: 304, headers: ["ETag": "\"v1\""])
        let provider = Provider<GenericTarget>(transport: network, cache: HTTPCache())
        let target = GenericTarget(baseURL: try #require(URL(string: "https://h/v1")), path: "item")
        _ = try await provider.response(for: target)
        #expect(try await provider.response(for: target).source == .revalidated)
        #expect(network.requests.map(\.isRevalidation) == [false, true])
        try network.verify()
    }

    @Test func aBodyOverTheLimitIsCountedNotKept() throws {
        let url = try #require(URL(string: "https://h/upload"))
        let large = Data(count: RecordedRequest.bodyLimit + 1)
        let recorded = RecordedRequest(TransportRequest(method: .post, url: url, body: .data(large)), position: 1)
        #expect(recorded.body == nil)
        #expect(recorded.bodyByteCount == Int64(large.count))
        let small = RecordedRequest(TransportRequest(method: .post, url: url, body: .data(Data("x".utf8))), position: 1)
        #expect(small.body == Data("x".utf8))
    }

    @Test func aFileBodyIsReadForAssertions() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("from disk".utf8).write(to: file)
        let recorded = RecordedRequest(TransportRequest(method: .post, url: try #require(URL(string: "https://h/u")), body: .file(file)), position: 1)
        #expect(recorded.body == Data("from disk".utf8))
        #expect(recorded.bodyByteCount == 9)
    }
}
