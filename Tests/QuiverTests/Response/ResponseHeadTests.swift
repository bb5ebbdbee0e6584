import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

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
}
