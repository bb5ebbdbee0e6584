import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
@testable import QuiverTesting

@Suite struct StubScriptTests {
    @Test func aSequenced401Then200DrivesExactlyOneRefresh() async throws {
        let refreshes = Locked(0)
        let auth = AuthenticationPlugin(credential: .init(accessToken: "old")) { _ in
            refreshes.withLock { $0 += 1 }
            return AuthenticationCredential(accessToken: "new")
        }
        let script = StubScript.sequence([.networkResponse(401, Data()), .networkResponse(200, Data(#"{"id":1,"name":"Ada"}"#.utf8))])
        let user = try await Provider<ExampleAPI>(transport: script, plugins: [auth]).decode(User.self, from: .user(id: 1))
        #expect(user == User(id: 1, name: "Ada"))
        #expect(refreshes.withLock { $0 } == 1)
        #expect(script.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer old", "Bearer new"])
    }

    @Test func a503WithRetryAfterThen200DrivesOneRetry() async throws {
        let unavailable = try #require(HTTPURLResponse(url: exampleBase, statusCode: 503, httpVersion: nil, headerFields: ["Retry-After": "0"]))
        let script = StubScript.sequence([.response(unavailable, Data()), .networkResponse(200, Data("ok".utf8))])
        let response = try await Provider<ExampleAPI>(transport: script, retryPolicy: .default).response(for: .user(id: 1))
        #expect(response.data == Data("ok".utf8))
        #expect(script.requests.count == 2)
    }

    @Test func theScriptSeesHeadersBodyAndAttempt() async throws {
        let seen = Locked([String]())
        let script = StubScript { request, attempt in
            guard case .data(let data) = request.body else { return .networkResponse(400, Data()) }
            let body = String(decoding: data, as: UTF8.self)
            seen.withLock { $0.append("\(attempt) \(request.value(forHTTPHeaderField: "Content-Type") ?? "") \(body)") }
            return .networkResponse(attempt < 2 ? 503 : 201, Data())
        }
        let provider = Provider<ExampleAPI>(transport: script, retryPolicy: RetryPolicy(baseDelay: 0.001))
        let create = ExampleAPI.create(name: "Ada")
        let response = try await Provider<GenericTarget>(transport: script, retryPolicy: RetryPolicy(baseDelay: 0.001))
            .response(for: GenericTarget(baseURL: exampleBase, path: "users", method: .put, task: create.task))
        #expect(response.statusCode == 201)
        #expect(seen.withLock { $0 } == [#"1 application/json {"name":"Ada"}"#, #"2 application/json {"name":"Ada"}"#])
        _ = provider
    }

    @Test func theLastAnswerRepeatsAfterTheSequence() async {
        let script = StubScript.sequence([.networkResponse(500, Data()), .networkResponse(204, Data())])
        let provider = Provider<ExampleAPI>(transport: script)
        let codes = await [provider.result(for: .missing), provider.result(for: .missing), provider.result(for: .missing)]
            .map { (try? $0.get().statusCode) ?? $0.failure?.response?.statusCode }
        #expect(codes == [500, 204, 204])
    }
}
