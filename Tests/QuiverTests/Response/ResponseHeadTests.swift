import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
@testable import QuiverTesting

/// A response made from the parts of its head (as a transport on AsyncHTTPClient makes it)
/// reads like one made from an `HTTPURLResponse`, and makes that only when it is read.
@Suite struct ResponseHeadTests {
    private let url = URL(string: "https://api.example.com/v2/users/1")!
    private let fields = ["content-type": "application/json", "X-Rate-Limit": "10", "Set-Cookie": "a=1, b=2"]

    private func deferred(_ response: Response) -> DeferredResponseHead? {
        guard case .parts(let parts) = response.head else { return nil }
        return parts
    }

    @Test func headerValuesAreReadFromThePartsWithoutMakingTheHTTPURLResponse() throws {
        let response = Response(statusCode: 201, data: Data("{}".utf8), url: url, headerFields: fields)
        let parts = try #require(deferred(response))
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(response.value(forHTTPHeaderField: "x-rate-limit") == "10")
        #expect(response.value(forHTTPHeaderField: "ETag") == nil)
        #expect(response.statusCode == 201)
        #expect(!parts.isMade)
    }

    @Test func theURLIsReadFromThePartsWithoutMakingTheHTTPURLResponse() throws {
        let response = Response(statusCode: 200, data: Data(), url: url, headerFields: fields)
        let parts = try #require(deferred(response))
        #expect(response.responseURL == url)
        #expect(!parts.isMade)
        #expect(response.response?.url == url)
        #expect(Response(statusCode: 200, data: Data()).responseURL == nil)
    }

    @Test func theHTTPURLResponseIsMadeOnceAndMatchesOneMadeDirectly() throws {
        let response = Response(statusCode: 404, data: Data(), url: url, httpVersion: "HTTP/2.0", headerFields: fields)
        let direct = try #require(HTTPURLResponse(url: url, statusCode: 404, httpVersion: "HTTP/2.0", headerFields: fields))
        let made = try #require(response.response)
        #expect(deferred(response)?.isMade == true)
        #expect(made === response.response)
        #expect(made.statusCode == 404)
        #expect(made.url == url)
        #expect(made.allHeaderFields as? [String: String] == direct.allHeaderFields as? [String: String])
        #expect(response == Response(statusCode: 404, data: Data(), response: direct))
    }

    @Test func aListOfFieldsIsReadInPlaceAndRepeatedNamesAreJoined() throws {
        let list: [(name: String, value: String)] = [("Set-Cookie", "a=1"), ("content-type", "text/plain"),
                                                      ("set-cookie", "b=2"), ("X-Empty", "")]
        let response = Response(statusCode: 200, data: Data(), url: url, headers: list)
        let parts = try #require(deferred(response))
        #expect(response.value(forHTTPHeaderField: "SET-COOKIE") == "a=1, b=2")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(response.value(forHTTPHeaderField: "x-empty") == "")
        #expect(response.value(forHTTPHeaderField: "Location") == nil)
        #expect(!parts.isMade)
        let made = try #require(response.response)
        #expect(made.value(forHTTPHeaderField: "set-cookie") == "a=1, b=2")
        #expect(made.value(forHTTPHeaderField: "content-type") == "text/plain")
        #expect(made.allHeaderFields.count == 3)
    }

    @Test func copiesShareTheOneHTTPURLResponseAcrossTasks() async throws {
        let response = Response(statusCode: 200, data: Data(), url: url, headerFields: fields)
        let made = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<8 {
                group.addTask { response.response.map(ObjectIdentifier.init) }
            }
            return await group.reduce(into: Set<ObjectIdentifier?>()) { $0.insert($1) }
        }
        #expect(made.count == 1)
        #expect(!made.contains(nil))
    }

    @Test func aReceivedHTTPURLResponseListsOneFieldPerNameSortedByName() throws {
        // What `headerFields` promises of a head URLSession received: its dictionary keeps no
        // order, so the list is sorted by name, ignoring the case of letters.
        let received = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [
            "X-Trace": "7", "content-type": "text/plain", "ETag": "\"v1\"", "Age": "3", "Set-Cookie": "a=1, b=2"]))
        let response = Response(statusCode: 200, data: Data(), response: received)
        let fields = response.headerFields
        #expect(fields.map { $0.name.lowercased() } == ["age", "content-type", "etag", "set-cookie", "x-trace"])
        #expect(fields.map(\.value) == ["3", "text/plain", "\"v1\"", "a=1, b=2", "7"])
        #expect(Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.value) })
            == received.allHeaderFields as? [String: String])
    }

    @Test func logsDescriptionsAndFixturesReadTheFieldsWithoutMakingTheHTTPURLResponse() throws {
        // What the verbose logger, a response's reflection and a recorded fixture show of the
        // header fields, read from the parts: on Linux making the HTTPURLResponse costs more
        // than the rest of a request.
        let list: [(name: String, value: String)] = [("Set-Cookie", "a=1"), ("content-type", "text/plain"),
                                                      ("set-cookie", "b=2"), ("X-Trace", "7")]
        let response = Response(statusCode: 200, data: Data("ok".utf8), url: url, headers: list)
        let parts = try #require(deferred(response))
        #expect(response.headerFieldsByName == ["Set-Cookie": "a=1, b=2", "content-type": "text/plain", "X-Trace": "7"])

        let capture = LoggerCapture()
        let target = GenericTarget(baseURL: url)
        capture.logger(options: .verbose, level: .debug).didReceive(.success(response), target: target)
        #expect(capture.lines.contains(#"Response Headers|["content-type": "text/plain", "Set-Cookie": "<redacted>", "X-Trace": "7"]"#))
        let reflected = String(reflecting: Mirror(reflecting: response).children.first { $0.label == "headers" }?.value)
        #expect(reflected.contains("X-Trace"))
        #expect(!reflected.contains("a=1"))
        let fixture = RecordingPlugin.redactedFixture(of: response, body: response.data, target: target, redactor: Redactor(Redaction()))
        #expect(fixture.headers["X-Trace"] == "7")
        #expect(fixture.headers["content-type"] == "text/plain")
        #expect(!parts.isMade)
    }
}
