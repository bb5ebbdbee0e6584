import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Issue 13, item 5: a request's body is encoded once; every attempt sends the same bytes.
@Suite(.requiresFaultServer) struct RetriedBodyIntegrationTests {
    final class BodyHashes: PluginType {
        let hashes = Locked([String]())
        func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
            let response = try? result.get()
            if let hash = (response ?? result.failure?.response)?.value(forHTTPHeaderField: "X-Body-SHA256") {
                hashes.withLock { $0.append(hash) }
            }
        }
    }

    @Test(arguments: [nil, JSONEncoder()])
    func everyAttemptSendsTheSameJSONBytes(encoder: JSONEncoder?) async throws {
        var payload: [String: Int] = [:]
        for index in 0..<24 { payload["field\(index)"] = index }
        let target = GenericTarget(baseURL: url(try #require(TestServers.fault), "/flaky", query: [
            "key": "same-body-\(UUID().uuidString)", "failures": "9",
        ]), method: .post, task: .json(payload, encoder: encoder), headers: ["Idempotency-Key": "k1"], timeout: 10)
        let hashes = BodyHashes()
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [hashes], retryPolicy: RetryPolicy(maximumAttempts: 10, baseDelay: 0.001, jitter: 0))
        let response = try await provider.response(for: target)
        #expect(response.value(forHTTPHeaderField: "X-Attempt") == "10")
        let seen = hashes.hashes.withLock { $0 }
        #expect(seen.count == 10)
        #expect(Set(seen).count == 1, "\(Set(seen).count) different bodies over 10 attempts")
    }
}
