import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import Quiver

/// An ``HTTPTransport`` on swift-server's AsyncHTTPClient: SwiftNIO's connection pooling,
/// HTTP/2 and TLS, at a fraction of FoundationNetworking's cost per request on Linux.
///
/// It keeps the transport contract exactly as `URLSessionTransport` does:
/// - a file body (uploads, multipart forms) is streamed from disk, a chunk at a time, and a
///   download is streamed to its destination file; progress is reported both ways;
/// - ``TransportRequest/timeout`` is a deadline on the whole exchange, redirects and body
///   included, to the millisecond, and on the wait for a connection of the pool before it; the
///   idle limit ends a connection that stays silent;
/// - cancelling the calling `Task` closes the connection at once;
/// - redirects are followed by the transport itself, at most 20 in a row: credentials
///   (`Authorization`, `Proxy-Authorization`, `Cookie`) are dropped when one leads to another
///   origin, and a `307`/`308` repeats the method and the body;
/// - a `401` with a `WWW-Authenticate` challenge is returned as a response;
/// - a response body is counted as it arrives, after decompression, and stops at
///   ``TransportRequest/maximumBodySize`` with ``ResponseTooLarge`` (the connection is closed);
/// - a streamed response (``Provider/stream(for:)``) reads the network only as it is iterated:
///   a slow consumer holds the server back, and ending the iteration closes the connection;
/// - failures are `URLError`s with the codes `URLSession` uses (`.timedOut`,
///   `.httpTooManyRedirects`, `.networkConnectionLost`, `.cannotConnectToHost`, …), the
///   AsyncHTTPClient error under `NSUnderlyingErrorKey`, and cancellation is `CancellationError`,
///   so a ``Provider`` reports each the same way whichever transport it uses. One failure has no
///   `URLSession` counterpart: a request that gave up waiting for a connection of the pool is a
///   ``QuiverError/transport(_:_:)`` of a `URLError(.timedOut)` that says so (see below).
///
/// ```swift
/// let transport = AsyncHTTPClientTransport()
/// let provider = Provider<GitHub>(transport: transport)
/// // …
/// try await transport.shutdown()
/// ```
///
/// **Cookies.** It keeps none: a request carries the `Cookie` header its target or plugins set,
/// and `Set-Cookie` in a response is left to the caller (unlike `URLSessionTransport`, which keeps
/// a ``CookieJar``). A plugin can keep them with a ``CookieJar`` of its own
/// (``CookieJar/cookieHeader(for:)``, ``CookieJar/store(setCookie:from:)``).
///
/// **Waiting for a connection.** AsyncHTTPClient queues a request until a connection of its
/// pool is free (`connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit` of them to a
/// host, 8 by default) and gives up after the client's connect timeout (`timeout.connect`,
/// 10 s by default). The transport sends a request it gave up on again while the request's
/// deadline leaves time, so that the deadline bounds the whole wait, on a client it made and on
/// one you pass alike. A request without a deadline keeps AsyncHTTPClient's bound. Either way a
/// request that gave up waiting, or whose deadline passed after it had waited the connect
/// timeout, fails with ``QuiverError/transport(_:_:)`` of a `URLError(.timedOut)` (the pool's
/// `HTTPClientError.getConnectionFromPoolTimeout` under `NSUnderlyingErrorKey`) whose
/// description says how long it waited, for a pool of how many connections (of a client the
/// transport made), and what to raise. A request sent again loses its place in the queue to
/// those queued since.
///
/// A transport that creates its client owns it: ``shutdown()`` shuts it down, and so does the
/// transport's `deinit` if nobody did. A client you pass stays yours to shut down; give it
/// `redirectConfiguration: .disallow` so that the transport follows redirects with the rules
/// above (a client that follows them itself applies AsyncHTTPClient's rules, which also drop
/// credentials across origins).
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The client requests are sent with.
    public let client: HTTPClient
    /// Whether ``client`` was created here, and so is shut down here.
    private let ownsClient: Bool
    /// What the error of a request that gave up waiting for a pooled connection says of the pool.
    private let pool: PooledConnectionWait
    /// The deadline of a request that has no ``TransportRequest/timeout`` of its own, in seconds.
    private let defaultTimeout: TimeInterval?

    /// The most redirects followed in a row, as `URLSession` follows; one more fails with
    /// `URLError(.httpTooManyRedirects)`.
    public static let maximumRedirects = 20

    /// The configuration of `AsyncHTTPClientTransport()`'s client: AsyncHTTPClient's default,
    /// behaving as `URLSession` does where the two differ. Gzip and deflate bodies are
    /// decompressed, and a connection that cannot be made fails the request at once
    /// (`URLError(.cannotConnectToHost)`) instead of being retried until the connect timeout.
    ///
    /// AsyncHTTPClient's own tracing is off: it would record each request's whole URL, query
    /// included, in its spans, secrets and all. Trace with QuiverTracing's `TracingPlugin`,
    /// whose spans carry the URL redacted. A client you configure yourself traces with
    /// whatever tracer was bootstrapped when you made its configuration: set
    /// `configuration.tracing.tracer = nil` there too.
    public static var defaultConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(decompression: .enabled(limit: .none))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.tracing.tracer = nil
        return configuration
    }

    /// Creates a transport with a client of its own, on the shared event loop group.
    ///
    /// - Parameters:
    ///   - idleTimeout: How long a connection may stay silent (no byte read) before the request
    ///     fails with `URLError(.timedOut)`, in seconds. Defaults to 60, as `URLSession`'s
    ///     `timeoutIntervalForRequest`.
    ///   - timeout: The deadline of a request without a ``TransportRequest/timeout`` of its own,
    ///     in seconds, or `nil` (the default) for none.
    ///   - configuration: The client's configuration, for TLS, proxies, connection pooling,
    ///     decompression and HTTP versions. Its redirect configuration and read timeout are
    ///     replaced: the transport follows redirects itself, and `idleTimeout` is the read
    ///     timeout. Defaults to ``defaultConfiguration``.
    public init(idleTimeout: TimeInterval = 60, timeout: TimeInterval? = nil,
                configuration: HTTPClient.Configuration? = nil) {
        var configuration = configuration ?? Self.defaultConfiguration
        configuration.redirectConfiguration = .disallow
        configuration.timeout.read = Self.timeAmount(idleTimeout)
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        ownsClient = true
        pool = PooledConnectionWait(connectionsPerHost: configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit)
        defaultTimeout = timeout
    }

    /// Creates a transport on `client`, which stays the caller's to shut down.
    ///
    /// - Parameters:
    ///   - client: The client. Configure it with `redirectConfiguration: .disallow` for Quiver's
    ///     redirect rules; its read timeout is the idle limit.
    ///   - timeout: The deadline of a request without a ``TransportRequest/timeout`` of its own,
    ///     in seconds, or `nil` (the default) for none.
    public init(client: HTTPClient, timeout: TimeInterval? = nil) {
        self.client = client
        ownsClient = false
        pool = PooledConnectionWait(connectionsPerHost: nil)
        defaultTimeout = timeout
    }

    deinit {
        // A client shutting down keeps itself alive until it is done: nothing waits here.
        if ownsClient {
            _ = client.shutdown()
        }
    }

    /// Shuts down the client this transport created, closing its connections; does nothing to a
    /// client that was passed in. Requests sent afterwards fail.
    ///
    /// - Throws: What AsyncHTTPClient throws when shutting down fails.
    public func shutdown() async throws {
        guard ownsClient else { return }
        try await client.shutdown()
    }

    /// Sends `request`, following redirects, and returns the whole response.
    ///
    /// - Parameter request: What to send.
    /// - Returns: The response, whatever its status code.
    /// - Throws: `URLError` (see the type's description), or `CancellationError` when the
    ///   calling `Task` is cancelled.
    public func send(_ request: TransportRequest) async throws -> Response {
        let deadline = request.timeout ?? defaultTimeout
        guard let deadline, deadline.isFinite, deadline > 0, deadline < 365 * 86_400 else {
            return try await exchange(request, until: .distantFuture)
        }
        let end = NIODeadline.now() + Self.timeAmount(deadline)
        // AsyncHTTPClient's deadline ends only the wait for the response head. The body is
        // covered by one timer on an event loop that cancels the exchange when the deadline
        // passes: a task and a timer per request, where a task group with a sleeping child
        // (`TransportRequest.enforcingTimeout`) cost three tasks and a dispatch timer.
        let exchange = Task { try await self.exchange(request, until: end) }
        let timer = client.eventLoopGroup.any().scheduleTask(deadline: end) { exchange.cancel() }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await exchange.value
            } onCancel: {
                exchange.cancel()
            }
        } catch let error as URLError where error.code == .timedOut {
            throw error
        } catch let error as QuiverError {
            // Gave up waiting for a pooled connection: the error says so.
            throw Task.isCancelled ? CancellationError() : error
        } catch {
            // Cancelled by the timer, or failing as the deadline passed: the deadline's failure.
            if NIODeadline.now() >= end, !Task.isCancelled {
                throw URLError(.timedOut)
            }
            throw error
        }
    }

    /// Sends `request`, following redirects, and returns as soon as the head of the final
    /// response has arrived, with its body still to be read.
    ///
    /// AsyncHTTPClient reads the body from the network only as the stream is iterated, so a slow
    /// consumer holds the server back (Quiver reads at most 1 MiB ahead of it), and the end of the
    /// iteration (a `break`, a cancelled `Task`) closes the connection. The deadline of
    /// ``TransportRequest/timeout`` is enforced until the head; Quiver enforces it, and the idle
    /// limit between chunks, over the body.
    ///
    /// - Parameter request: What to send; its destination is ignored.
    /// - Returns: The head of the response and its body, still arriving.
    /// - Throws: As ``send(_:)`` does when no head arrives.
    public func stream(_ request: TransportRequest) async throws -> ResponseStream {
        let limit = request.timeout ?? defaultTimeout
        let deadline = limit.map { NIODeadline.now() + Self.timeAmount($0) } ?? .distantFuture
        do {
            let (response, url) = try await finalResponse(to: request, until: deadline)
            let head = ResponseReader(request: request, url: url).response(response, body: Data())
            return ResponseStream(response: head, chunks: BodyChunks(response.body))
        } catch {
            throw TransportFailure.translating(error, host: request.url.host)
        }
    }

    /// The exchange behind ``send(_:)``: the request and the redirects after it, failures
    /// translated to `URLError`.
    ///
    /// A frame of its own, as ``finalResponse(to:until:)`` and `ResponseReader.read(_:)`: inlined
    /// into ``send(_:)``, the three made one task frame of 3.3 KB, with room for each of their
    /// steps at once, which every request in flight held while it waited; apart, the frames held
    /// during the wait come to 2.6 KB (2026-12-02).
    @inline(never)
    private func exchange(_ request: TransportRequest, until deadline: NIODeadline) async throws -> Response {
        do {
            let (response, url) = try await finalResponse(to: request, until: deadline)
            return try await ResponseReader(request: request, url: url).read(response)
        } catch {
            if case .file(let file) = request.destination {
                try? FileManager.default.removeItem(at: file)
            }
            throw TransportFailure.translating(error, host: request.url.host)
        }
    }

    /// The response that ends the redirects `request` meets, with the URL it came from; its
    /// body is not read yet.
    @inline(never)
    private func finalResponse(to request: TransportRequest, until deadline: NIODeadline) async throws
        -> (response: HTTPClientResponse, url: URL) {
        var hop = RedirectHop(request)
        var redirects = 0
        var resent = false
        let limit = request.timeout ?? defaultTimeout
        while true {
            let response: HTTPClientResponse
            do {
                response = try await pool.execute(hop, on: client, reportingTo: request.progress, until: deadline,
                                                  limit: limit)
            } catch where redirects > 0 && !resent && TransportFailure.losesConnection(error) {
                // The server of a redirect may close the connection it promised to keep
                // (gunicorn answers a large body unread, then closes), and the pool hands that
                // dead connection to the next hop: send the hop once more, on a new connection.
                // (From the one call site above: a second one was a second copy of the call's
                // values in this frame, which every request in flight holds while it waits.)
                resent = true
                continue
            }
            guard let next = hop.following(response) else {
                return (response, hop.url)
            }
            guard redirects < Self.maximumRedirects else {
                throw URLError(.httpTooManyRedirects, userInfo: [NSURLErrorFailingURLErrorKey: next.url])
            }
            redirects += 1
            resent = false
            await Self.drain(response.body)
            hop = next
        }
    }

    /// Reads and drops the body of a redirect, so that its connection can serve the next
    /// request; one of more than a mebibyte is dropped unread instead, which closes it.
    ///
    /// A failure here never ends the chain: the redirect is followed whatever becomes of its
    /// body. A server may answer a large request body with a redirect before reading it, then
    /// close the connection while the body is still going out (gunicorn does), which fails the
    /// redirect's body but not the redirect. Cancellation and the deadline end the next hop.
    private static func drain(_ body: HTTPClientResponse.Body) async {
        var drained = 0
        do {
            for try await chunk in body {
                drained += chunk.readableBytes
                if drained > 1 << 20 { break }
            }
        } catch {
            return
        }
    }

    /// `seconds` as a NIO time amount, in whole nanoseconds, capped at about 30 years.
    static func timeAmount(_ seconds: TimeInterval) -> TimeAmount {
        .nanoseconds(Int64(max(0, min(seconds, 1e9)) * 1_000_000_000))
    }
}
