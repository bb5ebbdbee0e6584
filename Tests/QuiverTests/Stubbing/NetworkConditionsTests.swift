import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Stubs through a simulated network: latency, pace, failures and drops, seeded and scaled.
@Suite struct NetworkConditionsTests {
    private func target(body: Data = Data(#"{"ok":true}"#.utf8), timeout: TimeInterval? = nil) -> GenericTarget {
        GenericTarget(baseURL: exampleBase, path: "conditions", sampleData: body, timeout: timeout)
    }

    private func provider(_ conditions: NetworkConditions, retryPolicy: RetryPolicy = .none,
                          plugins: [any PluginType] = []) -> Provider<GenericTarget> {
        Provider(stubClosure: { _ in .conditions(conditions) }, plugins: plugins, retryPolicy: retryPolicy)
    }

    private func outcomes(_ conditions: NetworkConditions, _ count: Int) -> [NetworkConditions.Outcome] {
        (0..<count).map { _ in conditions.nextOutcome() }
    }

    @Test func theSameSeedGivesTheSameSequence() {
        #expect(outcomes(.flaky(seed: 9), 200) == outcomes(.flaky(seed: 9), 200))
        #expect(outcomes(.flaky(seed: 9), 200) != outcomes(.flaky(seed: 10), 200))
        let shared = NetworkConditions.flaky(seed: 3)
        let copy = shared
        let first = copy.nextOutcome()
        #expect(shared.nextOutcome() != first || outcomes(.flaky(seed: 3), 2)[1] == first, "copies draw from one sequence")
        #expect(shared == copy && shared == .flaky(seed: 3) && shared.hashValue == NetworkConditions.flaky(seed: 3).hashValue)
        #expect(shared != .flaky(seed: 4) && shared != shared.timeScaled(0.5))
    }

    @Test func ratesHoldOverManyRequests() {
        let drawn = outcomes(NetworkConditions(latency: 1, jitter: 0.5, failureRate: 0.25, dropRate: 0.1, seed: 1), 4_000)
        let failed = drawn.filter { $0.failure != nil }.count
        let dropped = drawn.filter(\.drops).count
        #expect((800...1_200).contains(failed))
        #expect((250...550).contains(dropped))
        #expect(drawn.allSatisfy { (0.5...1.5).contains($0.latency) })
        #expect(Set(drawn.map { Int($0.latency * 10) }).count > 5)
    }

    @Test func latencyIsWaitedScaled() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await provider(NetworkConditions(latency: 2).timeScaled(0.02)).response(for: target())
        let elapsed = clock.now - start
        #expect(response.statusCode == 200)
        #expect(elapsed >= .milliseconds(40))
        #expect(elapsed < .seconds(2))
    }

    @Test func aLatencyPastTheTimeoutTimesOutAsLive() async {
        let clock = ContinuousClock()
        let start = clock.now
        let result = await provider(NetworkConditions(latency: 30).timeScaled(0.01)).result(for: target(timeout: 5))
        #expect(result.failure?.isTimeout == true)
        #expect(clock.now - start < .seconds(3))
    }

    @Test func aTimeoutFailureWaitsTheRequestsTimeout() async {
        let conditions = NetworkConditions(failureRate: 1, failures: [.timeout]).timeScaled(0.01)
        let result = await provider(conditions).result(for: target(timeout: 4))
        #expect(result.failure?.isTimeout == true)
    }

    @Test func offlineFailsAtOnceAsNoNetwork() async {
        let result = await provider(.offline).result(for: target())
        #expect(result.failure?.isNetworkUnavailable == true)
    }

    @Test func aConnectionLostFailureIsATransportError() async {
        let result = await provider(NetworkConditions(failureRate: 1)).result(for: target())
        guard case .transport(let error as URLError, _)? = result.failure else {
            Issue.record("expected a transport error, got \(result)")
            return
        }
        #expect(error.code == .networkConnectionLost)
    }

    /// A 503 with `Retry-After` drawn first, then success: the provider's retry policy recovers.
    @Test func anUnavailableAnswerIsRetriedByThePolicyAsLive() async throws {
        let seed = try #require((UInt64(0)..<500).first { seed in
            let draws = outcomes(NetworkConditions(failureRate: 0.5, failures: [.unavailable(retryAfter: 0)], seed: seed), 2)
            return draws[0].failure != nil && draws[1].failure == nil
        })
        let conditions = NetworkConditions(failureRate: 0.5, failures: [.unavailable(retryAfter: 0)], seed: seed)
        struct SendCounter: PluginType {
            let sent = Locked(0)
            func willSend(_ request: URLRequest, target: any TargetType) { sent.withLock { $0 += 1 } }
        }
        let counter = SendCounter()
        let response = try await provider(conditions, retryPolicy: RetryPolicy(maximumAttempts: 2, baseDelay: 0, jitter: 0),
                                          plugins: [counter]).response(for: target())
        #expect(response.statusCode == 200)
        #expect(counter.sent.withLock { $0 } == 2)
        let failing = await provider(NetworkConditions(failureRate: 1, failures: [.unavailable(retryAfter: 7)])).result(for: target())
        guard case .statusCode(let unavailable)? = failing.failure else {
            Issue.record("expected a 503, got \(failing)")
            return
        }
        #expect(unavailable.statusCode == 503)
        #expect(unavailable.value(forHTTPHeaderField: "Retry-After") == "7")
    }

    @Test func theBodyArrivesAtThePaceWithProgress() async throws {
        let body = Data(repeating: 7, count: 40_000)
        let fractions = Locked([Double]())
        let response = try await provider(NetworkConditions(bytesPerSecond: 20_000).timeScaled(0.02))
            .response(for: target(body: body)) { progress in
                fractions.withLock { $0.append(progress.progress) }
            }
        #expect(response.data == body)
        let seen = fractions.withLock { $0 }
        #expect(seen.count >= 8)
        #expect(seen == seen.sorted())
        #expect(seen.last == 1)
    }

    @Test func aDroppedConnectionEndsHalfwayThroughTheBody() async {
        let fractions = Locked([Double]())
        let result = await provider(NetworkConditions(bytesPerSecond: 1_000_000, dropRate: 1).timeScaled(0.01))
            .result(for: target(body: Data(count: 10_000))) { progress in
                fractions.withLock { $0.append(progress.progress) }
            }
        guard case .transport(let error as URLError, _)? = result.failure else {
            Issue.record("expected a dropped connection, got \(result)")
            return
        }
        #expect(error.code == .networkConnectionLost)
        #expect(fractions.withLock { $0.max() ?? 0 } <= 0.5)
    }

    @Test func aStreamUnderADropEndsWithAnErrorAfterSomeEvents() async throws {
        struct Events: TargetType, StubStreamPacingProviding {
            var baseURL: URL { exampleBase }
            var path: String { "events" }
            var method: HTTPMethod { .get }
            var task: HTTPTask { .plain }
            var sampleData: Data { Data((1...6).map { "data: \($0)\n\n" }.joined().utf8) }
            var sampleStreamPacing: StubStreamPacing { .events(every: 0) }
        }
        let provider = Provider<Events>(stubClosure: { _ in .conditions(NetworkConditions(dropRate: 1)) })
        var received: [String] = []
        do {
            // One connection: `events(for:)` would reconnect after the drop, as it does live.
            for try await event in try await provider.stream(for: Events()).events() {
                received.append(event.data)
            }
            Issue.record("the stream must end with an error")
        } catch {
            let lost = ((error as? QuiverError)?.underlyingError as? URLError)?.code == .networkConnectionLost
                || (error as? URLError)?.code == .networkConnectionLost
            #expect(lost, "\(error)")
        }
        #expect(received == ["1", "2", "3"])
    }
}
