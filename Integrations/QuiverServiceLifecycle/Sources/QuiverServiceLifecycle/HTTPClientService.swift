import AsyncHTTPClient
import Foundation
import NIOCore
import Quiver
import QuiverAsyncHTTPClient
import ServiceLifecycle

/// The `HTTPClient` a server's providers share, as a swift-service-lifecycle `Service` that
/// shuts it down gracefully.
///
/// Make one per process, run it in the service's `ServiceGroup`, and give every provider its
/// ``transport``: all of them then share one client, one connection pool and the event loop
/// group the service chose (never a second one by accident).
///
/// ```swift
/// let http = HTTPClientService(eventLoopGroup: app.eventLoopGroup, gracePeriod: .seconds(10))
/// let upstream = Provider<Upstream>(transport: http.transport, plugins: [token], retryPolicy: .default)
/// let group = ServiceGroup(services: [http, app], gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
///
/// On graceful shutdown the service, in order:
/// 1. stops taking requests: a new one fails at once with ``ClientShuttingDown``, unsent;
/// 2. lets the requests in flight finish, streams included, for up to ``gracePeriod``;
/// 3. cancels those still in flight: each fails with `QuiverError.cancelled`;
/// 4. shuts the client down, which closes its connections.
///
/// Services a group runs after this one (a server handling requests) are shut down first, so
/// give the group this service before them: their last requests still go out.
public final class HTTPClientService: Service {
    /// The client: its connection pool and event loop group are every provider's.
    public let client: HTTPClient
    /// The transport to give each provider: `AsyncHTTPClientTransport` on ``client``, keeping
    /// count of the requests in flight.
    public var transport: any HTTPTransport { draining }
    /// How long requests in flight may take to finish once shutdown has begun.
    public let gracePeriod: Duration
    private let draining: DrainingTransport

    /// Creates the service and its client.
    ///
    /// - Parameters:
    ///   - configuration: The client's configuration: TLS, proxies, connection pool
    ///     (`connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit` for many requests in
    ///     flight to one host), decompression, HTTP versions. Its redirects are left to Quiver's
    ///     rules; a read timeout, when it has none, is 60 seconds of silence. Defaults to
    ///     `AsyncHTTPClientTransport.defaultConfiguration`.
    ///   - eventLoopGroup: The event loop group the client runs on: the server's own, typically.
    ///     Defaults to AsyncHTTPClient's shared group.
    ///   - gracePeriod: How long requests in flight may take to finish once shutdown has begun.
    ///     Defaults to 10 seconds.
    public init(configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.defaultConfiguration,
                eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup,
                gracePeriod: Duration = .seconds(10)) {
        var configuration = configuration
        configuration.redirectConfiguration = .disallow
        if configuration.timeout.read == nil {
            configuration.timeout.read = .seconds(60)
        }
        client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
        draining = DrainingTransport(AsyncHTTPClientTransport(client: client))
        self.gracePeriod = gracePeriod
    }

    /// Runs until the service group shuts down gracefully, then drains the requests in flight
    /// and shuts the client down. Cancelled instead, it cancels the requests in flight at once.
    ///
    /// - Throws: `CancellationError` when cancelled before a graceful shutdown, or what shutting
    ///   the client down throws.
    public func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            draining.stopAccepting()
            draining.cancelAll()
            try await client.shutdown()
            throw error
        }
        await draining.drain(within: gracePeriod)
        try await client.shutdown()
    }
}
