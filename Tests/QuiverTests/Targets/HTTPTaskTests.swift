import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Tasks as targets write them: a `task` property cannot throw, so what cannot be encoded fails
/// when the request runs.
@Suite struct HTTPTaskTests {
    struct Post: Encodable, Sendable {
        let title: String
        let tags: [String]
    }

    struct Nested: Encodable, Sendable {
        struct Author: Encodable, Sendable { let name: String }
        let title: String
        let author: Author
    }

    struct Filter: Encodable, Sendable {
        let q: String
    }

    // Item 10: building a multipart form from a payload needs no throwing factory.
    @Test func aMultipartPayloadIsATaskOfItsOwn() async throws {
        let transport = RecordingTransport()
        let target = GenericTarget(baseURL: exampleBase, path: "posts", method: .post,
                                   task: .multipart(encoding: Post(title: "Hi", tags: ["a", "b"])))
        let response = try await Provider<GenericTarget>(transport: transport).response(for: target)
        #expect(response.request?.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(transport.requests.count == 1)
    }

    @Test func aPayloadThatCannotBeAFormFailsWhenTheRequestRunsAndNothingIsSent() async throws {
        let transport = RecordingTransport()
        let target = GenericTarget(baseURL: exampleBase, path: "posts", method: .post,
                                   task: .multipart(encoding: Nested(title: "Hi", author: .init(name: "Ada"))))
        let error = try #require(await Provider<GenericTarget>(transport: transport).result(for: target).failure)
        guard case .encoding(let cause) = error, case .nestedObject(let path)? = cause as? MultipartForm.PayloadError else {
            Issue.record("expected .encoding(PayloadError.nestedObject), got \(error)")
            return
        }
        #expect(path == "author")
        #expect(transport.requests.isEmpty)
        #expect(error.description.contains("Nothing was sent"))
    }

    @Test func aStubbedRequestFailsTheSameWay() async throws {
        let target = GenericTarget(baseURL: exampleBase, path: "posts", method: .post,
                                   task: .multipart(encoding: Nested(title: "Hi", author: .init(name: "Ada"))))
        let error = try #require(await Provider<GenericTarget>(stubClosure: Provider.immediatelyStub).result(for: target).failure)
        guard case .encoding = error else {
            Issue.record("expected .encoding, got \(error)")
            return
        }
    }

    // Item 10: a nil optional query model means no query.
    @Test func aNilOptionalQueryMeansNoQuery() async throws {
        let none: Filter? = nil
        let provider = Provider<GenericTarget>(transport: RecordingTransport())
        let plain = try await provider.response(for: GenericTarget(baseURL: exampleBase, path: "search", task: .query(none)))
        #expect(plain.request?.url?.absoluteString == "https://api.example.com/v2/search")
        let added = GenericTarget(baseURL: exampleBase, path: "search", task: .plain.adding(query: none))
        #expect(try await provider.response(for: added).request?.url?.absoluteString == "https://api.example.com/v2/search")
        let some: Filter? = Filter(q: "a b")
        let filtered = try await provider.response(for: GenericTarget(baseURL: exampleBase, path: "search", task: .query(some)))
        #expect(filtered.request?.url?.absoluteString == "https://api.example.com/v2/search?q=a%20b")
    }

    // Issue 13, item 5: the default JSON encoder gives one spelling of a value.
    @Test func aJSONBodyWithTheDefaultEncoderHasSortedKeys() async throws {
        var payload: [String: Int] = [:]
        for index in (0..<12).reversed() { payload["k\(index)"] = index }
        let response = try await Provider<GenericTarget>(transport: RecordingTransport())
            .response(for: GenericTarget(baseURL: exampleBase, method: .post, task: .json(payload)))
        let body = try #require(response.request?.httpBody)
        let expected = "{" + (0..<12).map { "k\($0)" }.sorted().map { #""\#($0)":\#($0.dropFirst())"# }.joined(separator: ",") + "}"
        #expect(String(decoding: body, as: UTF8.self) == expected)
    }
}
