import AsyncHTTPClient
import Foundation
import Quiver
import QuiverAsyncHTTPClient
import Testing

/// 1,024 requests in flight through one provider on `AsyncHTTPClientTransport`, against the
/// fault server: sharing identical requests, refreshing a credential and retrying stay exact.
@Suite(.enabled(if: TestServers.fault != nil || TestServers.isCI, "needs the test run's fault server (QUIVER_FAULT_URL)"))
struct ThousandInFlightTests {
    static let inFlight = 1_024

    /// Runs `body` with a transport on a client whose pool opens up to 128 connections to the
    /// server (every answer of the fault server closes its connection), shut down afterwards.
    private func withTransport<T>(_ body: (AsyncHTTPClientTransport) async throws -> T) async throws -> T {
        var configuration = AsyncHTTPClientTransport.defaultConfiguration
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 128
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            let result = try await body(AsyncHTTPClientTransport(client: client))
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func fault(_ path: String, _ query: [String: String]) throws -> GenericTarget {
        let server = try #require(TestServers.fault)
        return GenericTarget(baseURL: server.appendingPathComponent(path), task: .query(query), timeout: 60)
    }

    /// Sends `target` `count` times at once and returns the outcomes.
    private func concurrently<T: TargetType>(_ provider: Provider<T>, count: Int,
                                             target: @escaping @Sendable (Int) throws -> T) async throws -> [Response] {
        try await withThrowingTaskGroup(of: Response.self) { group in
            for index in 0..<count {
                let target = try target(index)
                group.addTask { try await provider.response(for: target) }
            }
            var responses: [Response] = []
            for try await response in group {
                responses.append(response)
            }
            return responses
        }
    }

    @Test func oneRefreshAnswersAThousandConcurrent401s() async throws {
        let refreshes = Counter()
        let authentication = AuthenticationPlugin(credential: AuthenticationCredential(accessToken: "stale")) { _ in
            refreshes.increment()
            try await Task.sleep(nanoseconds: 50_000_000)
            return AuthenticationCredential(accessToken: "fresh")
        }
        let target = try fault("bearer", ["token": "fresh"])
        let responses = try await withTransport { transport in
            try await concurrently(Provider<GenericTarget>(transport: transport, plugins: [authentication]),
                                   count: Self.inFlight) { _ in target }
        }
        #expect(responses.count == Self.inFlight)
        #expect(responses.allSatisfy { $0.statusCode == 200 })
        #expect(refreshes.value == 1)
    }

    @Test func aThousandIdenticalRequestsInFlightShareOne() async throws {
        let key = UUID().uuidString
        // The server counts the request, then answers half a second later: every caller has
        // joined the one in flight by then.
        let target = try fault("flaky", ["key": key, "failures": "0", "delay": "0.5"])
        let responses = try await withTransport { transport in
            try await concurrently(Provider<GenericTarget>(transport: transport, trackInflights: true),
                                   count: Self.inFlight) { _ in target }
        }
        #expect(responses.count == Self.inFlight)
        #expect(Set(responses.map { $0.value(forHTTPHeaderField: "X-Attempt") }) == ["1"])
        // One request reached the server: the next is its second.
        let next = try await Provider<GenericTarget>().response(for: fault("flaky", ["key": key, "failures": "0"]))
        #expect(next.value(forHTTPHeaderField: "X-Attempt") == "2")
    }

    @Test func eachOfAThousandFailuresIsRetriedExactlyOnce() async throws {
        let run = UUID().uuidString
        let policy = RetryPolicy(maximumAttempts: 3, baseDelay: 0.01, jitter: 0)
        let responses = try await withTransport { transport in
            try await concurrently(Provider<GenericTarget>(transport: transport, retryPolicy: policy),
                                   count: Self.inFlight) { index in
                try fault("flaky", ["key": "\(run)-\(index)", "failures": "1", "retry_after": "0"])
            }
        }
        #expect(responses.count == Self.inFlight)
        #expect(responses.allSatisfy { $0.statusCode == 200 && $0.value(forHTTPHeaderField: "X-Attempt") == "2" })
    }
}

/// A count several tasks add to.
///
/// `@unchecked Sendable`: `count` is read and written under `lock` only.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
