import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Metrics
import MetricsTestKit
import Quiver
import QuiverMetrics
import Synchronization
import Testing

/// Answers with the statuses it is given, one per request (the last one again after them).
private final class Statuses: HTTPTransport {
    private let statuses: [Int]
    private let count = Mutex(0)

    init(_ statuses: Int...) {
        self.statuses = statuses
    }

    func send(_ request: TransportRequest) async throws -> Response {
        let index = count.withLock { count in
            count += 1
            return count - 1
        }
        return Response(statusCode: statuses[min(index, statuses.count - 1)], data: Data(), url: request.url, headerFields: [:])
    }
}

/// Holds every request until `release()`, counting those that arrived.
private final class Gate: HTTPTransport {
    private let state = Mutex((arrived: 0, waiting: [CheckedContinuation<Void, Never>](), open: false))

    var arrived: Int { state.withLock { $0.arrived } }

    func release() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume() }
    }

    func send(_ request: TransportRequest) async throws -> Response {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                state.arrived += 1
                if !state.open { state.waiting.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
        return Response(statusCode: 200, data: Data(), url: request.url, headerFields: [:])
    }
}

/// Answers every request `200` with `Cache-Control: max-age=600`.
private struct Cacheable: HTTPTransport {
    func send(_ request: TransportRequest) async throws -> Response {
        Response(statusCode: 200, data: Data("{}".utf8), url: request.url, headerFields: ["Cache-Control": "max-age=600"])
    }
}

/// Fails every request as a connection that cannot be made.
private struct Unreachable: HTTPTransport {
    func send(_ request: TransportRequest) async throws -> Response {
        throw URLError(.cannotConnectToHost)
    }
}

/// Retries a `401` once, as a credential refresh does, and a `503` as a retry policy does.
private struct Retrier: RequestRetrier {
    func retryDecision(after result: Result<Response, QuiverError>, request: URLRequest,
                       target: any TargetType, attempt: Int) async -> RetryDecision {
        guard case .failure(let error) = result else { return .doNotRetry }
        let status = error.response?.statusCode
        return attempt < 3 && (status == 401 || status == 503) ? .retry(after: 0) : .doNotRetry
    }
}

@Suite struct MetricsPluginTests {
    private let base = URL(string: "https://API.example.com")!

    private func request(_ target: GenericTarget, through provider: Provider<GenericTarget>) async {
        _ = try? await provider.response(for: target)
    }

    @Test func aResponseTheCacheAnsweredIsCountedByItsSource() async throws {
        let metrics = TestMetrics()
        let provider = Provider<GenericTarget>(transport: Cacheable(), plugins: [MetricsPlugin(factory: metrics)],
                                               cache: HTTPCache())
        await request(GenericTarget(baseURL: base, path: "stock"), through: provider)
        await request(GenericTarget(baseURL: base, path: "stock"), through: provider)

        let success = [("method", "GET"), ("host", "api.example.com"), ("status", "2xx"), ("outcome", "success")]
        #expect(try metrics.expectCounter("http_client_requests", success + [("source", "network")]).totalValue == 1)
        #expect(try metrics.expectCounter("http_client_requests", success + [("source", "cache")]).totalValue == 1)
    }

    @Test func eachAttemptIsCountedAndTimedByStatusClassAndOutcomeAndRetriesByReason() async throws {
        let metrics = TestMetrics()
        let provider = Provider<GenericTarget>(transport: Statuses(401, 503, 200),
                                               plugins: [Retrier(), MetricsPlugin(factory: metrics)])
        await request(GenericTarget(baseURL: base, path: "stock"), through: provider)

        let get = [("method", "GET"), ("host", "api.example.com")]
        #expect(try metrics.expectCounter("http_client_requests", get + [("status", "4xx"), ("outcome", "statusCode"), ("source", "network")]).totalValue == 1)
        #expect(try metrics.expectCounter("http_client_requests", get + [("status", "5xx"), ("outcome", "statusCode"), ("source", "network")]).totalValue == 1)
        #expect(try metrics.expectCounter("http_client_requests", get + [("status", "2xx"), ("outcome", "success"), ("source", "network")]).totalValue == 1)
        #expect(metrics.counterTotal(label: "http_client_requests") == 3)
        #expect(try metrics.expectCounter("http_client_retries", get + [("reason", "challenge")]).totalValue == 1)
        #expect(try metrics.expectCounter("http_client_retries", get + [("reason", "retry")]).totalValue == 1)
        let durations = metrics.timers(label: "http_client_request_duration").flatMap(\.values)
        #expect(durations.count == 3)
        #expect(durations.allSatisfy { $0 >= 0 })
        #expect(try metrics.expectMeter("http_client_active_requests", get).lastValue == 0)
    }

    @Test func theActiveMeterCountsTheAttemptsInFlight() async throws {
        let metrics = TestMetrics()
        let gate = Gate()
        let provider = Provider<GenericTarget>(transport: gate, plugins: [MetricsPlugin(factory: metrics)])
        let target = GenericTarget(baseURL: base, path: "stock", method: .post)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask { await request(target, through: provider) }
            }
            while gate.arrived < 5 {
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
            let active = try? metrics.expectMeter("http_client_active_requests", [("method", "POST"), ("host", "api.example.com")])
            #expect(active?.lastValue == 5)
            gate.release()
        }
        #expect(try metrics.expectMeter("http_client_active_requests", [("method", "POST"), ("host", "api.example.com")]).lastValue == 0)
    }

    @Test func noPathQueryOrUnknownMethodWidensTheDimensions() async throws {
        let metrics = TestMetrics()
        let provider = Provider<GenericTarget>(transport: Statuses(200), plugins: [MetricsPlugin(factory: metrics)])
        for id in 0..<50 {
            await request(GenericTarget(baseURL: base, path: "orders/\(id)", task: .query(["token": "t-\(id)"])),
                          through: provider)
            await request(GenericTarget(baseURL: base, path: "files/\(id)", method: HTTPMethod(rawValue: "PROPFIND\(id % 7)")),
                          through: provider)
        }
        let series = metrics.counters(label: "http_client_requests")
        #expect(series.count == 2)
        #expect(Set(series.map { $0.dimensions.first { $0.0 == "method" }?.1 }) == ["GET", "_OTHER"])
        #expect(metrics.counterTotal(label: "http_client_requests") == 100)
    }

    @Test func aFailureWithoutAResponseHasNoStatusAndItsKindAsOutcome() async throws {
        let metrics = TestMetrics()
        let provider = Provider<GenericTarget>(transport: Unreachable(), plugins: [MetricsPlugin(factory: metrics)])
        await request(GenericTarget(baseURL: base, path: "stock"), through: provider)
        let dimensions = [("method", "GET"), ("host", "api.example.com"), ("status", "none"), ("outcome", "transport"), ("source", "network")]
        #expect(try metrics.expectCounter("http_client_requests", dimensions).totalValue == 1)
        #expect(try metrics.expectTimer("http_client_request_duration", dimensions).values.count == 1)
    }

    /// Against the fault server: a real exchange is timed as long as it took.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["QUIVER_FAULT_URL"] != nil, "needs QUIVER_FAULT_URL (scripts/test)"))
    func aRealExchangeIsTimedAsLongAsItTook() async throws {
        let server = try #require(ProcessInfo.processInfo.environment["QUIVER_FAULT_URL"].flatMap(URL.init(string:)))
        let metrics = TestMetrics()
        let provider = Provider<GenericTarget>(plugins: [MetricsPlugin(factory: metrics)])
        await request(GenericTarget(baseURL: server, path: "delay", task: .query(["seconds": "0.3"])), through: provider)
        await request(GenericTarget(baseURL: server, path: "status/503"), through: provider)
        let host = try #require(server.host)
        let ok = try metrics.expectTimer("http_client_request_duration",
                                         [("method", "GET"), ("host", host), ("status", "2xx"), ("outcome", "success"), ("source", "network")])
        #expect(try #require(ok.lastValue) >= 300_000_000)
        #expect(try metrics.expectCounter("http_client_requests",
                                          [("method", "GET"), ("host", host), ("status", "5xx"), ("outcome", "statusCode"), ("source", "network")]).totalValue == 1)
    }
}
