import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
@testable import QuiverTesting

/// The stub network: expectations met and answered, and every way they can go otherwise, each
/// with its message pinned. This file holds the helpers, counts and answers; the extensions beside
/// it hold matching and the network under live code.
@Suite struct StubNetworkTests {
    func provider(_ network: StubNetwork, plugins: [any PluginType] = [],
                          retryPolicy: RetryPolicy = .none) -> Provider<GenericTarget> {
        Provider(transport: network, plugins: plugins, retryPolicy: retryPolicy)
    }

    func target(_ method: HTTPMethod, _ path: String, task: HTTPTask = .plain,
                        headers: [String: String]? = nil) -> GenericTarget {
        GenericTarget(baseURL: exampleBase, path: path, method: method, task: task, headers: headers)
    }

    func target(_ path: String, task: HTTPTask = .plain, headers: [String: String]? = nil) -> GenericTarget {
        target(.get, path, task: task, headers: headers)
    }

    /// The error a failed request carries from the network.
    func networkError(_ result: Result<Response, QuiverError>) -> StubNetworkError? {
        guard case .failure(.transport(let error, _)) = result else { return nil }
        return error as? StubNetworkError
    }

    func verifyError(_ network: StubNetwork) -> StubNetworkError? {
        do {
            try network.verify()
            return nil
        } catch {
            return error
        }
    }

    @Test func aMetExpectationIsAnsweredAndRecorded() async throws {
        let network = StubNetwork()
        let gists = network.expect(.post, "/v2/gists")
            .json(["public": true])
            .respond(status: 201, json: ["id": "aa5a315d"])
        let response = try await provider(network).response(for: target(.post, "gists", task: .json(["public": true, "description": "hi"])))
        #expect(response.statusCode == 201)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(try response.decode([String: String].self) == ["id": "aa5a315d"])
        #expect(gists.count == 1)
        #expect(network.requests.map(\.summary) == ["POST /v2/gists"])
        #expect(network.requests.first?.json?["description"] == .string("hi"))
        try network.verify()
    }

    @Test func aRequestThatMeetsNoExpectationFailsAndNamesTheNearestWithItsDifferences() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/user")
        network.expect(.post, "/v2/gists").json(["public": true, "files": ["a.txt": ["content": "hello"]]]); let line = #line
        let result = await provider(network).result(for: target(.post, "gists", task: .json(["public": false, "files": ["a.txt": ["content": "bye"]]])))
        let error = try #require(networkError(result))
        #expect(error.messages == ["""
            POST /v2/gists (request 1) met no expectation: it failed, and reached no network.
              nearest: `POST /v2/gists` (declared at StubNetworkTests.swift:\(line))
                json files.a.txt.content: expected "hello", sent "bye"
                json public: expected true, sent false
            """])
        #expect(verifyError(network)?.messages.first == error.messages.first)
    }

    @Test func aNetworkWithNoExpectationsSaysSo() async throws {
        let network = StubNetwork()
        let result = await provider(network).result(for: target("users/1"))
        #expect(networkError(result)?.description == """
            StubNetwork: 1 problem
            - GET /v2/users/1 (request 1) met no expectation: it failed, and reached no network.
              no expectation was set: add one with expect(_:_:) for each request the test makes.
            """)
    }

    @Test func anExpectationNeverMetIsReportedWithTheNearestRequest() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/user"); let userLine = #line
        network.expect(.get, "/v2/search").query(["q": "swift", "page": "2"]).respond(json: []); let searchLine = #line
        _ = await provider(network).result(for: target("search", task: .query(["q": "swift", "page": 3])))
        let error = try #require(verifyError(network))
        #expect(error.messages.count == 3)
        #expect(error.messages[1] == """
            `GET /v2/user` (declared at StubNetworkTests.swift:\(userLine)) was met 0 times, expected once.
              nearest request: GET /v2/search (request 1)
                path: expected /v2/user, sent /v2/search
            """)
        #expect(error.messages[2] == """
            `GET /v2/search` (declared at StubNetworkTests.swift:\(searchLine)) was met 0 times, expected once.
              nearest request: GET /v2/search (request 1)
                query page: expected 2, sent 3
            """)
    }

    @Test func anExpectationWithNoRequestAtAllSaysNoneWasSent() throws {
        let network = StubNetwork()
        network.expect(.delete, "/v2/account", times: .atLeast(1)); let line = #line
        #expect(verifyError(network)?.messages == ["""
            `DELETE /v2/account` (declared at StubNetworkTests.swift:\(line)) was met 0 times, expected at least 1 time.
              no request was sent.
            """])
    }

    @Test func aRequestBeyondTheExpectedCountFails() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/users/*", times: 2).respond(json: ["id": 1]); let line = #line
        let provider = provider(network)
        for id in 1...2 {
            _ = try await provider.response(for: target("users/\(id)"))
        }
        let third = await provider.result(for: target("users/3"))
        #expect(networkError(third)?.messages == ["""
            GET /v2/users/3 (request 3) met `GET /v2/users/*` (declared at StubNetworkTests.swift:\(line)) one time more than expected (2 times): it failed, and reached no network.
            """])
        #expect(verifyError(network)?.messages.count == 1)
    }

    @Test func neverMeansAnyRequestIsAProblem() async {
        let network = StubNetwork()
        network.expect(.delete, "/v2/account", times: 0)
        network.expect(.get, "**", times: .atLeast(0))
        let result = await provider(network).result(for: target(.delete, "account"))
        #expect(networkError(result)?.messages.first?.contains("one time more than expected (never)") == true)
        #expect(verifyError(network) != nil)
    }

    @Test func atMostAllowsNoneUpToTheLimit() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/status", times: .atMost(2))
        try network.verify()
        _ = try await provider(network).response(for: target("status"))
        try network.verify()
    }

    @Test func answersComeInOrderAndTheLastRepeats() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/flaky", times: 3)
            .respond(status: 503)
            .respond(body: Data("one".utf8))
        let provider = provider(network, retryPolicy: RetryPolicy(maximumAttempts: 2, baseDelay: 0, jitter: 0))
        #expect(try await provider.response(for: target("flaky")).data == Data("one".utf8))
        #expect(try await provider.response(for: target("flaky")).data == Data("one".utf8))
        #expect(network.requests.count == 3)
        try network.verify()
    }

    @Test func aNetworkErrorAnswerReachesTheCallerAsLive() async {
        let network = StubNetwork()
        network.expect(.get, "/v2/user").respond(.networkError(URLError(.notConnectedToInternet)))
        let result = await provider(network).result(for: target("user"))
        #expect(result.failure?.isNetworkUnavailable == true)
    }
}
