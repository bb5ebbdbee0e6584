import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import InMemoryTracing
import Quiver
import QuiverTracing
import Synchronization
import Testing
import Tracing

/// Answers with the statuses it is given, one per request (the last one again after them), and
/// keeps what it was sent.
private final class Statuses: HTTPTransport {
    private let statuses: [Int]
    private let sent = Mutex<[TransportRequest]>([])

    init(_ statuses: Int...) {
        self.statuses = statuses
    }

    var requests: [TransportRequest] { sent.withLock { $0 } }

    func send(_ request: TransportRequest) async throws -> Response {
        let index = sent.withLock { sent in
            sent.append(request)
            return sent.count - 1
        }
        return Response(statusCode: statuses[min(index, statuses.count - 1)], data: Data(), url: request.url, headerFields: [:])
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

@Suite struct TracingPluginTests {
    private let base = URL(string: "https://api.example.com:8443")!

    private func attribute(_ span: FinishedInMemorySpan, _ name: String) -> SpanAttribute? {
        span.attributes.get(name)
    }

    /// The error `target` fails with, or `nil`.
    private func failure(of target: GenericTarget, from provider: Provider<GenericTarget>) async -> QuiverError? {
        do {
            _ = try await provider.response(for: target)
            return nil
        } catch {
            return error
        }
    }

    @Test func eachAttemptIsAClientSpanAndItsRetriesShowAsSuch() async throws {
        let tracer = InMemoryTracer()
        let transport = Statuses(401, 503, 200)
        let provider = Provider<GenericTarget>(transport: transport, plugins: [Retrier(), TracingPlugin(tracer: tracer)])
        _ = try await provider.response(for: GenericTarget(baseURL: base, path: "stock"))

        let spans = tracer.finishedSpans
        try #require(spans.count == 3)
        #expect(spans.map(\.operationName) == ["GET", "GET", "GET"])
        #expect(spans.allSatisfy { $0.kind == .client })
        #expect(spans.map { attribute($0, "http.response.status_code") } == [.int64(401), .int64(503), .int64(200)])
        #expect(spans.map { attribute($0, "http.request.resend_count") } == [nil, .int64(1), .int64(2)])
        #expect(spans.map { attribute($0, "quiver.attempt.reason") } == [nil, .string("challenge"), .string("retry")])
        #expect(spans.map { attribute($0, "error.type") } == [.string("401"), .string("503"), nil])
        #expect(spans.map { $0.status?.code } == [.error, .error, nil])
        let first = try #require(spans.first)
        #expect(attribute(first, "http.request.method") == .string("GET"))
        #expect(attribute(first, "server.address") == .string("api.example.com"))
        #expect(attribute(first, "server.port") == .int64(8443))
        #expect(attribute(first, "url.full") == .string("https://api.example.com:8443/stock"))
    }

    @Test func eachAttemptCarriesItsOwnSpansContextUnderTheCallersSpan() async throws {
        let tracer = InMemoryTracer()
        let transport = Statuses(503, 200)
        let provider = Provider<GenericTarget>(transport: transport, plugins: [Retrier(), TracingPlugin(tracer: tracer)])
        let parent = try await tracer.withSpan("handle order") { span in
            _ = try await provider.response(for: GenericTarget(baseURL: base, path: "stock"))
            return span.context.inMemorySpanContext
        }
        let attempts = tracer.finishedSpans.filter { $0.kind == .client }
        try #require(attempts.count == 2)
        for (span, sent) in zip(attempts, transport.requests) {
            #expect(span.traceID == parent?.traceID)
            #expect(span.parentSpanID == parent?.spanID)
            #expect(sent.value(forHTTPHeaderField: InMemoryTracer.traceIDKey) == span.traceID)
            #expect(sent.value(forHTTPHeaderField: InMemoryTracer.spanIDKey) == span.spanID)
        }
    }

    @Test func noSecretOfTheRequestReachesASpan() async throws {
        let token = "tok-8d2f4a1c9e7b"
        let tracer = InMemoryTracer()
        let target = GenericTarget(baseURL: base, path: "orders/\(token)", task: .query(["access_token": token, "page": "2"]),
                                   headers: ["Authorization": "Bearer \(token)"])
        let provider = Provider<GenericTarget>(transport: Statuses(401), plugins: [TracingPlugin(tracer: tracer)])
        #expect(await failure(of: target, from: provider) != nil)

        let span = try #require(tracer.finishedSpans.first)
        var shown = span.errors.map { String(describing: $0.error) + String(reflecting: $0.error) }
        span.attributes.forEach { name, value in shown.append("\(name)=\(value)") }
        #expect(!shown.isEmpty)
        for text in shown {
            #expect(!text.contains(token), "\(text)")
        }
        #expect(attribute(span, "url.full") == .string("https://api.example.com:8443/orders/<redacted>?access_token=<redacted>&page=2"))
    }

    @Test func aSpanSaysWhetherTheCacheAnswered() async throws {
        let tracer = InMemoryTracer()
        let provider = Provider<GenericTarget>(transport: Cacheable(), plugins: [TracingPlugin(tracer: tracer)],
                                               cache: HTTPCache())
        _ = try await provider.response(for: GenericTarget(baseURL: base, path: "stock"))
        _ = try await provider.response(for: GenericTarget(baseURL: base, path: "stock"))
        #expect(tracer.finishedSpans.map { attribute($0, "quiver.response.source") } == [.string("network"), .string("cache")])
    }

    @Test func aFailureWithoutAResponseIsAnErrorOfItsKind() async throws {
        let tracer = InMemoryTracer()
        let provider = Provider<GenericTarget>(transport: Unreachable(), plugins: [TracingPlugin(tracer: tracer)])
        #expect(await failure(of: GenericTarget(baseURL: base, path: "stock", method: .post), from: provider) != nil)
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.operationName == "POST")
        #expect(attribute(span, "error.type") == .string("transport"))
        #expect(attribute(span, "http.response.status_code") == nil)
        #expect(span.status?.code == .error)
        #expect(span.errors.count == 1)
    }

    @Test func anUnknownMethodIsOtherWithItsNameKeptApart() async throws {
        let tracer = InMemoryTracer()
        let provider = Provider<GenericTarget>(transport: Statuses(200), plugins: [TracingPlugin(tracer: tracer)])
        _ = try await provider.response(for: GenericTarget(baseURL: base, path: "files", method: HTTPMethod(rawValue: "PROPFIND")))
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.operationName == "HTTP")
        #expect(attribute(span, "http.request.method") == .string("_OTHER"))
        #expect(attribute(span, "http.request.method_original") == .string("PROPFIND"))
    }

    /// Against the fault server's `/echo`, which answers with the header fields it received.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["QUIVER_FAULT_URL"] != nil, "needs QUIVER_FAULT_URL (scripts/test)"))
    func theTraceContextReachesARealServer() async throws {
        struct Echo: Decodable { let headers: [String: String] }
        let server = try #require(ProcessInfo.processInfo.environment["QUIVER_FAULT_URL"].flatMap(URL.init(string:)))
        let tracer = InMemoryTracer()
        let provider = Provider<GenericTarget>(plugins: [TracingPlugin(tracer: tracer)])
        let echo = try await provider.decode(Echo.self, from: GenericTarget(baseURL: server, path: "echo"))
        let span = try #require(tracer.finishedSpans.first)
        let received = Dictionary(uniqueKeysWithValues: echo.headers.map { ($0.key.lowercased(), $0.value) })
        #expect(received[InMemoryTracer.traceIDKey] == span.traceID)
        #expect(received[InMemoryTracer.spanIDKey] == span.spanID)
        #expect(attribute(span, "http.response.status_code") == .int64(200))
    }
}
