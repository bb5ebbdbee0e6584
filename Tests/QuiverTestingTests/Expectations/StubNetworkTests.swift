import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
@testable import QuiverTesting

/// The stub network: expectations met and answered, and every way they can go otherwise, each
/// with its message pinned.
@Suite struct StubNetworkTests {
    private func provider(_ network: StubNetwork, plugins: [any PluginType] = [],
                          retryPolicy: RetryPolicy = .none) -> Provider<GenericTarget> {
        Provider(transport: network, plugins: plugins, retryPolicy: retryPolicy)
    }

    private func target(_ method: HTTPMethod, _ path: String, task: HTTPTask = .plain,
                        headers: [String: String]? = nil) -> GenericTarget {
        GenericTarget(baseURL: exampleBase, path: path, method: method, task: task, headers: headers)
    }

    private func target(_ path: String, task: HTTPTask = .plain, headers: [String: String]? = nil) -> GenericTarget {
        target(.get, path, task: task, headers: headers)
    }

    /// The error a failed request carries from the network.
    private func networkError(_ result: Result<Response, QuiverError>) -> StubNetworkError? {
        guard case .failure(.transport(let error, _)) = result else { return nil }
        return error as? StubNetworkError
    }

    private func verifyError(_ network: StubNetwork) -> StubNetworkError? {
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
        #expect(message.hasPrefix("`GET users/../admin` (declared at StubNetworkTests.swift:\(line)) can never be met: the target makes no request"))
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

    @Test func retriesAndRefreshRunThroughTheNetworkAsLive() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/user", times: 2)
            .respond(status: 401)
            .respond(json: ["id": 1, "name": "Ada"])
        let refreshes = Locked(0)
        let auth = AuthenticationPlugin(credential: .init(accessToken: "old-token")) { _ in
            refreshes.withLock { $0 += 1 }
            return AuthenticationCredential(accessToken: "new-token")
        }
        #expect(try await provider(network, plugins: [auth]).decode(User.self, from: target("user")) == User(id: 1, name: "Ada"))
        #expect(refreshes.withLock { $0 } == 1)
        #expect(network.requests.map { $0.header("Authorization") } == ["Bearer old-token", "Bearer new-token"])
        try network.verify()
    }

    @Test func aStreamedAnswerArrivesEventByEvent() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/events")
            .respond(status: 200, headers: ["Content-Type": "text/event-stream"], body: Data("data: one\n\ndata: two\n\n".utf8))
        var received: [String] = []
        for try await event in provider(network).events(for: target("events")) {
            received.append(event.data)
        }
        #expect(received == ["one", "two"])
        try network.verify()
    }

    @Test func aRecordedStreamIsAnsweredInItsPiecesAtTheScaledTimes() async throws {
        let recorded = Fixture(request: .init(method: "GET", path: "/v2/events"), statusCode: 200,
                               headers: ["Content-Type": "text/event-stream"], body: Data("data: one\n\ndata: two\n\n".utf8),
                               chunks: [Fixture.Chunk(byteCount: 11, at: 0), Fixture.Chunk(byteCount: 11, at: 0.6)])
        let network = StubNetwork()
        network.expect(.get, "/v2/events").respond(with: recorded, streamTimeScale: 0.5)
        let start = DispatchTime.now().uptimeNanoseconds
        var chunks: [Data] = []
        for try await chunk in try await provider(network).stream(for: target("events")) {
            chunks.append(chunk)
        }
        #expect(chunks == [Data("data: one\n\n".utf8), Data("data: two\n\n".utf8)])
        #expect(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 >= 0.29)
        try network.verify()
    }

    @Test func theNetworksConditionsApplyToItsAnswers() async throws {
        let offline = StubNetwork(conditions: .offline)
        let user = offline.expect(.get, "/v2/user")
        let result = await provider(offline).result(for: target("user"))
        #expect(result.failure?.isNetworkUnavailable == true)
        #expect(user.count == 1)
        try offline.verify()

        let slow = StubNetwork(conditions: NetworkConditions(latency: 2).timeScaled(0.02))
        slow.expect(.get, "/v2/user").respond(json: ["id": 1])
        let clock = ContinuousClock()
        let start = clock.now
        _ = try await provider(slow).response(for: target("user"))
        #expect(clock.now - start >= .milliseconds(40))
    }

    @Test func concurrentRequestsAreEachMatchedOnce() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/users/*", times: 40).respond(json: ["id": 1, "name": "Ada"])
        let provider = provider(network)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 1...40 {
                group.addTask { _ = try await provider.response(for: self.target("users/\(id)")) }
            }
            try await group.waitForAll()
        }
        #expect(network.requests.count == 40)
        #expect(Set(network.requests.map(\.position)) == Set(1...40))
        try network.verify()
    }

    @Test func eachNetworkIsItsOwnUnderParallelTests() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let network = StubNetwork()
                    network.expect(.get, "/v2/users/\(index)").respond(json: ["id": .int(index), "name": "N"])
                    _ = try await self.provider(network).response(for: self.target("users/\(index)"))
                    try network.verify()
                    #expect(network.requests.map(\.path) == ["/v2/users/\(index)"])
                }
            }
            try await group.waitForAll()
        }
    }
}
