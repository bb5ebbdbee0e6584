import AsyncHTTPClient
import Foundation
import InMemoryTracing
import Logging
import Metrics
import NIOCore
import NIOPosix
import PetGateway
import Prometheus
import Quiver
import QuiverServiceLifecycle
import ServiceLifecycle
import Testing
import Tracing

/// The gateway started on 127.0.0.1 with an upstream of its own: served under load, through an
/// upstream outage and back, and shut down gracefully with requests in flight, leaving no file
/// descriptor and no memory behind; its upstream calls traced and counted.
@Suite(.serialized)
struct PetGatewayTests {
    /// The gateway and its client service, running in one group.
    private struct Running {
        let port: Int
        let group: ServiceGroup
        let run: Task<Void, any Error>
    }

    /// The tracer and the metrics registry of the test process, bootstrapped once, before the
    /// first provider is made, as the service's `main` does.
    private static let observability: (tracer: InMemoryTracer, metrics: PrometheusCollectorRegistry) = {
        let tracer = InMemoryTracer()
        InstrumentationSystem.bootstrap(tracer)
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return (tracer, registry)
    }()

    private func start(upstream: URL) async throws -> Running {
        let metrics = Self.observability.metrics
        let http = HTTPClientService(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, gracePeriod: .seconds(5))
        let ports = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "pet-gateway-tests")
        logger.logLevel = .critical
        let app = PetGateway.application(upstream: upstream, provider: PetGateway.provider(transport: http.transport) { "gateway-token" },
                                         metrics: metrics, logger: logger, onServerRunning: { ports.continuation.yield($0) })
        let group = ServiceGroup(services: [http, app], gracefulShutdownSignals: [], logger: logger)
        let run = Task { try await group.run() }
        var iterator = ports.stream.makeAsyncIterator()
        let port = try #require(await iterator.next())
        return Running(port: port, group: group, run: run)
    }

    /// `count` requests to `path`, `concurrency` at a time: each one's status and body.
    private func load(_ client: HTTPClient, port: Int, path: (Int) -> String, count: Int,
                      concurrency: Int) async throws -> [(status: UInt, body: String)] {
        try await withThrowingTaskGroup(of: [(UInt, String)].self) { group in
            for worker in 0..<concurrency {
                let paths = stride(from: worker, to: count, by: concurrency).map(path)
                group.addTask {
                    var answers: [(UInt, String)] = []
                    for path in paths {
                        let response = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)"),
                                                                 timeout: .seconds(30))
                        let body = try await response.body.collect(upTo: 1 << 20)
                        answers.append((response.status.code, String(buffer: body)))
                    }
                    return answers
                }
            }
            var all: [(status: UInt, body: String)] = []
            for try await answers in group {
                all += answers.map { (status: $0.0, body: $0.1) }
            }
            return all
        }
    }

    @Test func forwardsEachSetCookieOfTheUpstreamApart() async throws {
        let upstream = try UpstreamServer()
        defer { upstream.tearDown() }
        let running = try await start(upstream: upstream.url)
        let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton)
        let response = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(running.port)/sign-in"), timeout: .seconds(30))
        let cookies = response.headers["Set-Cookie"]
        _ = try await response.body.collect(upTo: 1 << 20)
        try await client.shutdown()
        await running.group.triggerGracefulShutdown()
        try await running.run.value
        #expect(response.status.code == 200)
        #expect(cookies.count == 3)
        #expect(cookies.last == "remember=R3MEMBER-SECRET-VALUE; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/login-cookies")
    }

    @Test func servesRecoversFromAnUpstreamOutageAndShutsDownWithRequestsInFlight() async throws {
        let upstream = try UpstreamServer()
        defer { upstream.tearDown() }
        let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton)

        // A first round, the upstream stopped and started once, warms what lives as long as the
        // process: the event loops, the connection pools' first use, caches.
        let warm = try await start(upstream: upstream.url)
        _ = try await load(client, port: warm.port, path: { "/pets/\($0)" }, count: 50, concurrency: 8)
        upstream.stop()
        try upstream.restart()
        _ = try await load(client, port: warm.port, path: { "/pets/\($0)" }, count: 50, concurrency: 8)
        await warm.group.triggerGracefulShutdown()
        try await warm.run.value
        let before = ProcessFootprint.now()

        let gateway = try await start(upstream: upstream.url)

        // Under load: every request answered through the upstream, with the service's token.
        let served = try await load(client, port: gateway.port, path: { "/pets/\($0)" }, count: 400, concurrency: 32)
        #expect(served.count == 400)
        #expect(served.allSatisfy { $0.status == 200 && $0.body.contains(#""authorized":true"#) })

        // The upstream goes away: the service answers with its own error, promptly.
        upstream.stop()
        let started = ContinuousClock.now
        let failed = try await load(client, port: gateway.port, path: { "/pets/\($0)" }, count: 32, concurrency: 8)
        #expect(failed.allSatisfy { $0.status == 502 && $0.body.contains("The pet store is unavailable") })
        #expect(ContinuousClock.now - started < .seconds(20))

        // It comes back on the same port: the service recovers without a restart.
        try upstream.restart()
        let recovered = try await load(client, port: gateway.port, path: { "/pets/\($0)" }, count: 100, concurrency: 16)
        #expect(recovered.allSatisfy { $0.status == 200 })

        // Shut down with requests in flight: they finish, and nothing hangs.
        let slow = Task { try await load(client, port: gateway.port, path: { _ in "/slow?seconds=1" }, count: 8, concurrency: 8) }
        try await Task.sleep(for: .milliseconds(300))
        let shutdownStarted = ContinuousClock.now
        await gateway.group.triggerGracefulShutdown()
        let finished = try await slow.value
        try await gateway.run.value
        #expect(finished.count == 8)
        #expect(finished.allSatisfy { $0.status == 200 && $0.body == "done" })
        #expect(ContinuousClock.now - shutdownStarted < .seconds(10))

        try await client.shutdown()
        let after = ProcessFootprint.now()
        // Nothing left open: the server's sockets, the client's connections.
        #expect(after.fileDescriptors <= before.fileDescriptors + 1, "\(before) → \(after)")
        // Memory bounded: 600 requests through the service leave no more than a few MiB.
        #expect(after.residentBytes - before.residentBytes < 32 << 20, "\(before) → \(after)")
    }

    @Test func eachUpstreamAttemptIsTracedUnderTheServersSpanAndCounted() async throws {
        let upstream = try UpstreamServer()
        defer { upstream.tearDown() }
        let tracer = Self.observability.tracer
        let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton)
        let gateway = try await start(upstream: upstream.url)
        let pet = "traced-\(UUID().uuidString.prefix(8))"

        let served = try await load(client, port: gateway.port, path: { _ in "/pets/\(pet)" }, count: 1, concurrency: 1)
        #expect(served.first?.status == 200)
        upstream.stop()
        let failed = try await load(client, port: gateway.port, path: { _ in "/pets/\(pet)-down" }, count: 1, concurrency: 1)
        #expect(failed.first?.status == 502)
        try upstream.restart()
        let metrics = try await load(client, port: gateway.port, path: { _ in "/metrics" }, count: 1, concurrency: 1)
        await gateway.group.triggerGracefulShutdown()
        try await gateway.run.value
        try await client.shutdown()

        // One client span for the call, a child of the server span of the request that made it,
        // its context handed to the upstream.
        let spans = tracer.finishedSpans
        let attempts = spans.filter { span in
            span.kind == .client && span.attributes.get("url.full") == .string("\(upstream.url.absoluteString)/echo/pets/\(pet)")
        }
        let attempt = try #require(attempts.first)
        // One client span per attempt: AsyncHTTPClient's own, which records whole URLs, queries
        // and all, is off in the service's client.
        #expect(attempts.count == 1)
        let server = try #require(spans.first { $0.kind == .server && $0.spanID == attempt.parentSpanID })
        #expect(server.traceID == attempt.traceID)
        #expect(tracer.performedContextInjections.contains { $0.values[InMemoryTracer.spanIDKey] == attempt.spanID })
        // The failing call: three attempts, the last two retries, each a span of its own.
        let retried = spans.filter { span in
            span.kind == .client && span.attributes.get("url.full") == .string("\(upstream.url.absoluteString)/echo/pets/\(pet)-down")
        }
        #expect(retried.map { $0.attributes.get("http.request.resend_count") } == [nil, .int64(1), .int64(2)])

        // Counted and timed, exported for Prometheus with the server's own metrics.
        let text = try #require(metrics.first?.body)
        let lines = text.split(separator: "\n")
        func exported(_ name: String, _ labels: [String]) -> Bool {
            lines.contains { line in line.hasPrefix(name + "{") && labels.allSatisfy { line.contains($0) } }
        }
        #expect(exported("http_client_requests", [#"status="2xx""#, #"outcome="success""#, #"method="GET""#]))
        #expect(exported("http_client_requests", [#"status="none""#, #"outcome="transport""#]))
        #expect(exported("http_client_retries", [#"reason="retry""#]))
        #expect(exported("http_client_request_duration_bucket", [#"outcome="success""#]))
        #expect(exported("http_client_active_requests", [#"host="127.0.0.1""#]))
        #expect(!text.contains(pet), "a path reached a metric's labels")
    }
}

/// What the process holds: open file descriptors and resident memory (Linux; zero elsewhere).
struct ProcessFootprint: CustomStringConvertible {
    let fileDescriptors: Int
    let residentBytes: Int
    /// What each descriptor is open on, for the failure message.
    let targets: [String]

    static func now() -> ProcessFootprint {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let targets = names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }.sorted()
        let descriptors = names.count
        // /proc/self/statm: sizes in pages; the second is what is resident.
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return ProcessFootprint(fileDescriptors: descriptors, residentBytes: pages * Int(sysconf(Int32(_SC_PAGESIZE))),
                                targets: targets)
    }

    var description: String {
        "\(fileDescriptors) file descriptors (\(targets.joined(separator: ", "))), \(residentBytes >> 20) MiB resident"
    }
}
