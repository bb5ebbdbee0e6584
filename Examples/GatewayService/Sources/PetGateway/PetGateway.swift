import Foundation
import Hummingbird
import Logging
import Prometheus
import Quiver
import QuiverMetrics
import QuiverServiceLifecycle
import QuiverTracing
import ServiceLifecycle

/// A service that answers `GET /pets/{id}` by calling the upstream pet store through Quiver.
///
/// Its pieces are what a backend team wires up: one `HTTPClientService` (the `HTTPClient` every
/// provider shares, on the server's event loop group), a provider on its transport with tracing,
/// metrics, a token plugin and retry, and a Hummingbird application, run together in one
/// `ServiceGroup` that shuts down gracefully on SIGTERM: the server stops taking connections and
/// finishes its requests first, then the client drains what is still in flight and closes.
///
/// Tracing and metrics go where the process bootstrapped `InstrumentationSystem` and
/// `MetricsSystem`, before the provider is made: each upstream attempt is a client span under the
/// server span of the request that caused it (its context sent to the upstream), and is counted
/// and timed; `GET /metrics` shows the metrics to Prometheus when the application is given the
/// registry they are kept in.
public enum PetGateway {
    /// One answer of `GET /pets/{id}`.
    public struct Pet: ResponseEncodable, Decodable, Sendable {
        /// The pet's identifier.
        public let id: String
        /// The path the upstream was asked for.
        public let upstreamPath: String
        /// Whether the upstream call carried the service's token.
        public let authorized: Bool
    }

    /// The service's provider: a span and metrics for each upstream attempt, the service's token on
    /// every call, and a retry of what fails on the way (a refused connection, a `503`) with a
    /// short backoff.
    ///
    /// - Parameters:
    ///   - transport: The transport of the shared client: ``HTTPClientService/transport``.
    ///   - token: Fetches the service's token for the upstream.
    public static func provider(transport: any HTTPTransport,
                                token: @escaping @Sendable () async throws -> String) -> Provider<Upstream> {
        Provider(transport: transport,
                 plugins: [TracingPlugin(), MetricsPlugin(), AccessTokenPlugin { _ in try await token() }],
                 retryPolicy: RetryPolicy(maximumAttempts: 3, baseDelay: 0.05, maximumDelay: 0.5))
    }

    /// The service's HTTP application.
    ///
    /// - Parameters:
    ///   - upstream: The upstream pet store's base URL.
    ///   - provider: The provider upstream calls go through (``provider(transport:token:)``).
    ///   - metrics: The registry `MetricsSystem` keeps the metrics in, shown at `GET /metrics`;
    ///     `nil` (the default) for no such route.
    ///   - address: Where the server listens. Defaults to 127.0.0.1 on a free port.
    ///   - logger: The service's logger. Defaults to Hummingbird's.
    ///   - onServerRunning: Called with the port once the server listens.
    /// - Returns: The application, a `Service` to run in the group after the client's service.
    public static func application(upstream: URL, provider: Provider<Upstream>, metrics: PrometheusCollectorRegistry? = nil,
                                   address: BindAddress = .hostname("127.0.0.1", port: 0), logger: Logger? = nil,
                                   onServerRunning: @escaping @Sendable (Int) -> Void = { _ in }) -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: TracingMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.get("health") { _, _ in "ok" }
        if let metrics {
            router.get("metrics") { _, _ in metrics.emitToString() }
        }
        router.get("pets/:id") { _, context -> Pet in
            let id = try context.parameters.require("id")
            let echo = try await calling(upstream: context.logger) {
                try await provider.decode(Echo.self, from: Upstream(baseURL: upstream, route: .pet(id: id)))
            }
            return Pet(id: id, upstreamPath: echo.path, authorized: echo.headers["Authorization"] != nil)
        }
        router.get("slow") { request, context -> String in
            let seconds = request.uri.queryParameters.get("seconds", as: Double.self) ?? 1
            _ = try await calling(upstream: context.logger) {
                try await provider.response(for: Upstream(baseURL: upstream, route: .slow(seconds: seconds)))
            }
            return "done"
        }
        router.get("sign-in") { _, context -> Hummingbird.Response in
            let answer = try await calling(upstream: context.logger) {
                try await provider.response(for: Upstream(baseURL: upstream, route: .signIn))
            }
            return forwarded(answer)
        }
        return Application(router: router, configuration: .init(address: address, serverName: "pet-gateway"),
                           onServerRunning: { channel in onServerRunning(channel.localAddress?.port ?? 0) },
                           logger: logger)
    }

    /// `answer` as the gateway's own response: its status, body and header fields as the upstream
    /// sent them, each `Set-Cookie` line kept apart (`Quiver.Response.headerFields`; joined, they
    /// could not be split back), without the fields of the upstream's own connection.
    static func forwarded(_ answer: Quiver.Response) -> Hummingbird.Response {
        let hopByHop: Set<String> = ["connection", "keep-alive", "transfer-encoding", "content-length", "te", "upgrade"]
        var fields = HTTPFields()
        for field in answer.headerFields where !hopByHop.contains(field.name.lowercased()) {
            guard let name = HTTPFields.Element.Name(field.name) else { continue }
            fields.append(HTTPFields.Element(name: name, value: field.value))
        }
        return Hummingbird.Response(status: .init(code: answer.statusCode), headers: fields,
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.data)))
    }

    /// What `call` returns, or the service's own `502` when the upstream fails: the upstream's
    /// failure stays in the service's logs.
    private static func calling<T>(upstream logger: Logger, _ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch {
            logger.warning("upstream failed", metadata: ["error": "\(error)"])
            throw HTTPError(.badGateway, message: "The pet store is unavailable; try again shortly.")
        }
    }
}
