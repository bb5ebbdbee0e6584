import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
@testable import QuiverTesting

// What an expectation compares (headers, form fields, parts, a predicate, a target) and how a
// difference is told without quoting a secret.
extension StubNetworkTests {
    @Test func aFixtureIsAnsweredWithItsStatusHeadersAndBody() async throws {
        let network = StubNetwork()
        let fixture = Fixture(request: .init(method: "GET", path: "/v2/user"), statusCode: 202,
                              headers: ["X-Rate-Limit": "10"], body: Data(#"{"id":7}"#.utf8))
        network.expect(.get, "/v2/user").respond(with: fixture)
        let response = try await provider(network).response(for: target("user"))
        #expect(response.statusCode == 202)
        #expect(response.value(forHTTPHeaderField: "X-Rate-Limit") == "10")
        #expect(response.data == Data(#"{"id":7}"#.utf8))
    }

    @Test func headersAreComparedByNameWhateverItsCase() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/user").headers(["accept": "application/json", "X-Trace": "1"])
        let sent = target("user", headers: ["Accept": "application/json"])
        let result = await provider(network, plugins: [HeadersPlugin(["x-trace": "1"])]).result(for: sent)
        #expect(result.failure == nil)
        try network.verify()
    }

    @Test func formFieldsQueryItemsPartsAndAPredicateAreConditions() async throws {
        let network = StubNetwork()
        network.expect(.post, "/v2/session").form(["user": "ada lovelace"]).query(["next": "/home"])
        network.expect(.post, "/v2/avatar")
            .part(named: "caption", text: "me")
            .part(named: "image", fileName: "me.png", contentType: "image/png")
            .matching("an Idempotency-Key header") { $0.header("Idempotency-Key") != nil }
        let provider = provider(network)
        _ = try await provider.response(for: target(.post, "session", task: HTTPTask.form(["user": "ada lovelace"]).adding(query: ["next": "/home"])))
        var form = MultipartForm()
        form.append("me", name: "caption")
        form.append(Data([0x89, 0x50]), name: "image", fileName: "me.png")
        _ = try await provider.response(for: target(.post, "avatar", task: .multipart(form), headers: ["Idempotency-Key": "k1"]))
        try network.verify()
        #expect(network.requests.last?.parts.map(\.name) == ["caption", "image"])
        #expect(network.requests.last?.parts.last?.data == Data([0x89, 0x50]))
        #expect(network.requests.first?.formFields.first?.value == "ada lovelace")
    }

    @Test func aMissingPartAndAFailedPredicateAreNamed() async throws {
        let network = StubNetwork()
        network.expect(.post, "/v2/avatar")
            .part(named: "image")
            .matching("an Idempotency-Key header") { $0.header("Idempotency-Key") != nil }
        var form = MultipartForm()
        form.append("me", name: "caption")
        let result = await provider(network).result(for: target(.post, "avatar", task: .multipart(form)))
        let message = try #require(networkError(result)?.messages.first)
        #expect(message.contains("    part image: expected a part, sent parts caption"))
        #expect(message.contains("    an Idempotency-Key header: expected true, sent false"))
    }

    @Test func aTargetIsExpectedByWhatItSendsAndAnsweredWithItsSampleData() async throws {
        let network = StubNetwork()
        network.expect(ExampleAPI.create(name: "Ada"))
        network.expect(ExampleAPI.search(query: "swift", page: 2), times: .atLeast(1))
        let provider = Provider<ExampleAPI>(transport: network, plugins: [HeadersPlugin(["X-App": "1"])])
        #expect(try await provider.decode(User.self, from: .create(name: "Ada")) == User(id: 1, name: "Ada"))
        _ = try await provider.response(for: .search(query: "swift", page: 2))
        let other = await provider.result(for: .create(name: "Grace"))
        let message = try #require(networkError(other)?.messages.first)
        #expect(message.contains(#"body: expected {"name": "Ada"}, sent {"name": "Grace"}"#))
        #expect(network.requests.first?.matches(ExampleAPI.create(name: "Ada")) == true)
        #expect(network.requests.first?.matches(ExampleAPI.create(name: "Grace")) == false)
        #expect(network.requests[1].matches(ExampleAPI.search(query: "swift", page: 2)))
    }

    @Test func aTargetThatMakesNoRequestCanNeverBeMet() throws {
        let network = StubNetwork()
        network.expect(GenericTarget(baseURL: exampleBase, path: "users/../admin")); let line = #line
        let message = try #require(verifyError(network)?.messages.first)
        #expect(message.hasPrefix("`GET users/../admin` (declared at StubNetworkTests+Matching.swift:\(line)) can never be met: the target makes no request"))
    }

    @Test func secretsAreNeverQuotedOnlySaidToDiffer() async throws {
        let network = StubNetwork()
        network.expect(.post, "/v2/login")
            .headers(["Authorization": "Bearer right-token-0123456789"])
            .json(["password": "correct horse battery", "user": "ada"])
        let sent = target(.post, "login", task: .json(["password": "wrong horse battery", "user": "ada",
                                                        "note": "my token is wrong-token-9876543210"]))
        let result = await provider(network, plugins: [HeadersPlugin(["Authorization": "Bearer wrong-token-9876543210"])])
            .result(for: sent)
        let description = try #require(networkError(result)?.description)
        #expect(description.contains("header Authorization differs from the value expected (both redacted)"))
        #expect(description.contains("json password differs from the value expected (both redacted)"))
        for secret in ["right-token-0123456789", "wrong-token-9876543210", "correct horse", "wrong horse"] {
            #expect(!description.contains(secret), "\(secret) leaked")
        }
        let verified = try #require(verifyError(network)?.description)
        #expect(!verified.contains("wrong-token-9876543210"))
    }

    /// A header that was not sent is no secret: the message says so.
    @Test func aMissingCredentialIsSaidToBeMissing() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/user").headers(["Authorization": "Bearer t0ken-0123456789"])
        let result = await provider(network).result(for: target("user"))
        let message = try #require(networkError(result)?.messages.first)
        #expect(message.hasSuffix("    header Authorization was not sent (expected <redacted>)"))
        #expect(!message.contains("t0ken-0123456789"))
    }
}
