import AsyncHTTPClient
import Foundation
import Quiver
import QuiverServiceLifecycle
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing

/// The test run's fault server (`QUIVER_FAULT_URL`, set by `scripts/test`). Under CI a missing
/// one fails the tests instead of skipping them.
enum FaultServer {
    static let url = ProcessInfo.processInfo.environment["QUIVER_FAULT_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
    static let isAvailableOrRequired = url != nil || ProcessInfo.processInfo.environment["CI"] == "true"
}

/// The service's shutdown with real requests in flight to the fault server.
@Suite(.enabled(if: FaultServer.isAvailableOrRequired, "needs the test run's fault server (QUIVER_FAULT_URL)"))
struct HTTPClientServiceTests {
    private func target(_ path: String, _ query: [String: String] = [:]) throws -> GenericTarget {
        let server = try #require(FaultServer.url)
        return GenericTarget(baseURL: server.appendingPathComponent(path), task: .query(query))
    }

    /// How many times the fault server's `/flaky` has been asked for `key` (asking counts too).
    private func timesAsked(_ key: String) async throws -> Int {
        let response = try await Provider<GenericTarget>().response(for: target("flaky", ["key": key, "failures": "0"]))
        return Int(response.value(forHTTPHeaderField: "X-Attempt") ?? "") ?? -1
    }

    @Test func requestsInFlightFinishAndNewOnesFailUnsent() async throws {
        let service = HTTPClientService(gracePeriod: .seconds(10))
        let provider = Provider<GenericTarget>(transport: service.transport)
        let slow = try target("delay", ["seconds": "0.6"])
        let key = UUID().uuidString
        let late = try target("flaky", ["key": key, "failures": "0"])
        let (slowResult, lateResult) = try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await service.run() }
                let inFlight = Task { try await provider.response(for: slow) }
                try await Task.sleep(for: .milliseconds(200))
                trigger.triggerGracefulShutdown()
                try await Task.sleep(for: .milliseconds(50))
                let lateResult = await Result { () async throws(QuiverError) in try await provider.response(for: late) }
                let slowResult = await inFlight.result
                try await group.waitForAll()
                return (slowResult, lateResult)
            }
        }
        #expect((try? slowResult.get())?.statusCode == 200)
        guard case .failure(.transport(let cause, _)) = lateResult, let refused = cause as? ClientShuttingDown else {
            Issue.record("expected ClientShuttingDown, got \(lateResult)")
            return
        }
        #expect(refused.url.path.hasSuffix("/flaky"))
        #expect(refused.description.contains("not sent, the HTTP client service is shutting down"))
        // The refused request never reached the server: this is the key's first time.
        #expect(try await timesAsked(key) == 1)
    }

    @Test func requestsPastTheGracePeriodAreCancelledAndTheClientShutDown() async throws {
        let service = HTTPClientService(gracePeriod: .milliseconds(300))
        let provider = Provider<GenericTarget>(transport: service.transport)
        let never = try target("delay", ["seconds": "20"])
        let started = ContinuousClock.now
        let result = try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await service.run() }
                let inFlight = Task { try await provider.response(for: never) }
                try await Task.sleep(for: .milliseconds(200))
                trigger.triggerGracefulShutdown()
                let result = await inFlight.result
                try await group.waitForAll()
                return result
            }
        }
        #expect((result.failure as? QuiverError)?.isCancelled == true)
        #expect(ContinuousClock.now - started < .seconds(5))
        // The client is shut down: it takes nothing more.
        let url = try #require(FaultServer.url).absoluteString
        await #expect(throws: (any Error).self) {
            _ = try await service.client.execute(HTTPClientRequest(url: url), timeout: .seconds(2))
        }
    }

    @Test func aStreamIsInFlightUntilItsBodyEnds() async throws {
        let service = HTTPClientService(gracePeriod: .seconds(10))
        let provider = Provider<GenericTarget>(transport: service.transport)
        let events = try target("sse", ["events": "4", "interval": "0.25"])
        let (count, streamEnded, serviceEnded) = try await testGracefulShutdown { trigger in
            let stream = try await provider.stream(for: events)
            let run = Task { try await service.run(); return ContinuousClock.now }
            trigger.triggerGracefulShutdown()
            var count = 0
            for try await _ in stream.events() {
                count += 1
            }
            let streamEnded = ContinuousClock.now
            return (count, streamEnded, try await run.value)
        }
        #expect(count == 4)
        #expect(serviceEnded >= streamEnded)
    }

    @Test func aStreamPastTheGracePeriodEndsCancelled() async throws {
        let service = HTTPClientService(gracePeriod: .milliseconds(300))
        let provider = Provider<GenericTarget>(transport: service.transport)
        let endless = try target("sse", ["events": "1000", "interval": "0.1"])
        let started = ContinuousClock.now
        let outcome = try await testGracefulShutdown { trigger in
            let stream = try await provider.stream(for: endless)
            let run = Task { try await service.run() }
            trigger.triggerGracefulShutdown()
            let outcome = await Result { () async throws -> Int in
                var count = 0
                for try await _ in stream.events() { count += 1 }
                return count
            }
            try await run.value
            return outcome
        }
        #expect((outcome.failure as? QuiverError)?.isCancelled == true, "\(outcome)")
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func cancellingTheServiceCancelsRequestsAtOnce() async throws {
        let service = HTTPClientService(gracePeriod: .seconds(30))
        let provider = Provider<GenericTarget>(transport: service.transport)
        let never = try target("delay", ["seconds": "20"])
        let run = Task { try await service.run() }
        let inFlight = Task { try await provider.response(for: never) }
        try await Task.sleep(for: .milliseconds(200))
        let started = ContinuousClock.now
        run.cancel()
        let result = await inFlight.result
        #expect((result.failure as? QuiverError)?.isCancelled == true)
        #expect(ContinuousClock.now - started < .seconds(5))
        await #expect(throws: CancellationError.self) { try await run.value }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The outcome of `body`.
    init(_ body: () async throws(Failure) -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
