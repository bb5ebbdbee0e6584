import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The provider's `requestClosure`: the request-building step replaced by the caller's own.
@Suite struct ProviderRequestClosureTests {
    private let target = GenericTarget(baseURL: URL(string: "https://api.example.com")!, path: "orders", method: .post,
                                       task: .json(["id": 1]))

    @Test func theClosuresRequestIsWhatThePluginsAndTheTransportSee() async throws {
        let transport = RecordingTransport()
        let seen = Locked<String?>(nil)
        let provider = Provider<GenericTarget>(transport: transport, plugins: [SignatureWatcher(seen: seen)], requestClosure: { endpoint in
            var request = try endpoint.urlRequest()
            request.setValue("sig-\(request.httpBody?.count ?? 0)", forHTTPHeaderField: "X-Signature")
            return request
        })
        _ = try await provider.response(for: target)
        let sent = try #require(transport.requests.first)
        #expect(sent.value(forHTTPHeaderField: "X-Signature") == "sig-8")
        #expect(sent.body == .data(Data(#"{"id":1}"#.utf8)))
        #expect(seen.withLock { $0 } == "sig-8")
    }

    @Test func itRunsAgainForEveryRetry() async throws {
        let calls = Locked(0)
        let transport = ScriptedTransport { _, attempt in (attempt == 1 ? 503 : 200, [:], Data()) }
        let provider = Provider<GenericTarget>(transport: transport, retryPolicy: RetryPolicy(maximumAttempts: 2, baseDelay: 0, idempotentMethods: [.post]),
                                               requestClosure: { endpoint in
            let call = calls.withLock { $0 += 1; return $0 }
            var request = try endpoint.urlRequest()
            request.setValue("\(call)", forHTTPHeaderField: "X-Call")
            return request
        })
        _ = try await provider.response(for: target)
        #expect(transport.requests.map { $0.value(forHTTPHeaderField: "X-Call") } == ["1", "2"])
    }

    @Test func anErrorEndsTheRequestAsAPluginErrorAndNothingIsSent() async {
        struct NoKey: Error {}
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, requestClosure: { _ in throw NoKey() })
        guard case .failure(.plugin(let error)) = await provider.result(for: target) else {
            Issue.record("expected .plugin")
            return
        }
        #expect(error is NoKey)
        #expect(transport.requests.isEmpty)
    }

    @Test func aURLTheClosureChangesIsCheckedAgain() async {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, requestClosure: { endpoint in
            var request = try endpoint.urlRequest()
            request.url = URL(string: "ftp://files.example.com/x")
            return request
        })
        guard case .failure(.invalidRequest) = await provider.result(for: target) else {
            Issue.record("expected .invalidRequest")
            return
        }
        #expect(transport.requests.isEmpty)
    }
}

/// Records the `X-Signature` header its `prepare` is handed.
private struct SignatureWatcher: PluginType {
    let seen: Locked<String?>

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        seen.withLock { $0 = request.value(forHTTPHeaderField: "X-Signature") }
        return request
    }
}
