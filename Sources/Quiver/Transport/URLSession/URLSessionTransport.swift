import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPTransport``: sends requests with `URLSession`, with the same behaviour on
/// Linux as on Apple platforms.
///
/// On top of plain `URLSession` it:
/// - returns a `401` that carries a `WWW-Authenticate` challenge promptly, as a response with its
///   body (on Linux such a request otherwise never completes);
/// - drops `Authorization`, `Proxy-Authorization` and `Cookie` when a redirect leads to another
///   origin (scheme, host or port), and repeats the body on a `307`/`308` redirect (which
///   URLSession on Linux drops);
/// - enforces ``TransportRequest/timeout`` (the request's `timeoutInterval` as the target and
///   the plugins left it) as a deadline on the whole exchange, redirects included, to the
///   millisecond; without one, the configuration's `timeoutIntervalForResource`, with
///   `timeoutIntervalForRequest` as the idle limit. The idle limit handed to `URLSession` is
///   never below the request's deadline (on Linux it counts whole seconds only);
/// - ends a request at once when its Swift `Task` is cancelled;
/// - stops reading a body that passes ``TransportRequest/maximumBodySize`` (counted as it is
///   decoded: a `gzip` body as it inflates) and fails with ``ResponseTooLarge``.
///
/// By default it keeps no HTTP cache (see ``defaultConfiguration``): every request reaches the
/// server. One transport holds one `URLSession`; share it between providers rather than making one per
/// request.
///
/// **Cookies.** The transport keeps cookies in its own ``CookieJar``, in memory: set by
/// responses (redirects included), sent only where RFC 6265 allows (domain, path, `Secure`,
/// expiry), never written to disk, never shared with another transport unless you pass both the
/// same jar (see ``init(configuration:tls:cookies:)``). `URLSession`'s own cookie handling is
/// switched off: on Linux, FoundationNetworking's shared storage writes cookies to disk, shares
/// them between processes, and sends a cookie outside its `Path` and a `Secure` one over http.
///
/// **Challenges.** A `401` or `407` is the response, on every platform: the session has no
/// credential storage (``defaultConfiguration``) and Quiver answers no HTTP challenge, so that
/// plugins (``CredentialsPlugin``, ``AuthenticationPlugin``) see it. On Apple platforms a
/// configuration with a `urlCredentialStorage` answers from it.
public final class URLSessionTransport: HTTPTransport {
    /// The session requests are sent with, made on the first request (or the first read of this
    /// property): until then the transport has made no `URLSessionConfiguration`, which on Linux
    /// creates folders in the user's home (see ``init(configuration:tls:cookies:)``).
    ///
    /// On Linux its delegate queue runs each operation at once, on the thread that adds it
    /// (the session's work queue, for the session's own callbacks): don't add long-running
    /// operations to it.
    public var session: URLSession { lazySession.made.session }
    private let lazySession: LazySession
    /// Whether the session was made: by a request, or by reading ``session``.
    var hasMadeSession: Bool { lazySession.isMade }
    private let delegate: SessionDelegate
    /// The cookies the transport keeps and sends; `nil` keeps none.
    public let cookies: CookieJar?

    /// The most `307`/`308` redirects with a body that Quiver follows itself, on Linux: as many
    /// as URLSession follows of the others. One more fails with `URLError(.httpTooManyRedirects)`,
    /// as a longer chain of other redirects does.
    static let maximumBodyRedirects = 20

    /// The configuration of `URLSessionTransport()`: `URLSessionConfiguration.default` without
    /// an HTTP cache (`urlCache` is `nil`, `requestCachePolicy` ignores local data), without a
    /// credential storage (`urlCredentialStorage` is `nil`: a `401` reaches the plugins, on Apple
    /// platforms as on Linux) and without `URLSession`'s cookie storage (the transport keeps its
    /// own ``CookieJar``), on every platform.
    ///
    /// An API client wants the server's current answer; a cache that stores every cacheable
    /// response also costs: on Linux, FoundationNetworking's default `URLCache` writes each one
    /// to disk (`~/.cache/org.swift.foundation.URLCache`) for every request. To honour
    /// `Cache-Control` and `ETag`, pass a configuration with a `URLCache`; targets that must
    /// always reach the server adopt ``CachePolicyProviding``.
    ///
    /// ```swift
    /// let configuration = URLSessionConfiguration.default
    /// configuration.urlCache = URLCache(memoryCapacity: 4 << 20, diskCapacity: 0, diskPath: nil)
    /// let cached = Provider<API>(transport: URLSessionTransport(configuration: configuration))
    /// ```
    public static var defaultConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCredentialStorage = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return configuration
    }

    /// Creates a transport with its own session, which it makes on the first request it sends.
    ///
    /// Creating the transport makes no `URLSessionConfiguration`: on Linux, making any
    /// (`.default`, `.ephemeral`) creates FoundationNetworking's shared cache and cookie folders in
    /// the user's home, so a provider that only answers from stubs leaves the home folder as it
    /// was. The first request sent makes the session (see the Linux notes for what it creates).
    ///
    /// - Parameters:
    ///   - configuration: The session configuration, copied now and used as it is at this call.
    ///     `nil` (the default) means ``defaultConfiguration``: `.default` without an HTTP cache,
    ///     made on the first request. Pass `URLSessionConfiguration.default` itself, or one with a
    ///     `URLCache`, for HTTP caching.
    ///   - tls: Hooks into TLS handshakes: server trust and client certificates (Apple
    ///     platforms; see ``TLSHooks`` for Linux). Defaults to none: the system decides.
    ///   - cookies: Where the transport keeps cookies. Defaults to a new, empty ``CookieJar`` of
    ///     its own, in memory. Pass one jar to several transports to share cookies,
    ///     `CookieJar(storage: .shared)` to keep them in Foundation's (persistent) storage, or
    ///     `nil` to keep and send none. The configuration's own cookie settings are not used:
    ///     `URLSession` neither stores nor adds cookies.
    public init(configuration: URLSessionConfiguration? = nil,
                tls: TLSHooks = TLSHooks(), cookies: CookieJar? = CookieJar()) {
        delegate = SessionDelegate(tls: tls)
        self.cookies = cookies
        // A copy: the caller's configuration stays as it was, and changing it later changes
        // nothing here. The default is made with the session.
        let copy = configuration.map { ($0.copy() as? URLSessionConfiguration) ?? $0 }
        copy?.httpCookieStorage = nil
        copy?.httpShouldSetCookies = false
        lazySession = LazySession(configuration: copy, delegate: delegate)
    }

    /// Sends `request` and returns the whole response.
    ///
    /// - Parameter request: What to send.
    /// - Returns: The response, whatever its status code.
    /// - Throws: `URLError` from the session, `URLError(.timedOut)` when the timeout elapses,
    ///   `CancellationError` when the calling `Task` is cancelled.
    public func send(_ request: TransportRequest) async throws -> Response {
        let made = lazySession.made
        let (prepared, own) = prepare(request, idleTimeout: made.idleTimeout)
        let deadline = request.timeout ?? made.resourceTimeout
        #if canImport(FoundationNetworking)
        var urlRequest = prepared
        var ownCookie = own
        // The deadline covers the whole chain of redirects, not each exchange of it.
        let start = DispatchTime.now().uptimeNanoseconds
        var response = try await exchange(urlRequest, for: request, on: made.session, deadline: deadline,
                                          returnsBodyRedirects: true, ownCookie: ownCookie)
        var redirects = 0
        while var next = Redirect.repeating(urlRequest, after: response) {
            guard redirects < Self.maximumBodyRedirects else {
                throw URLError(.httpTooManyRedirects, userInfo: next.url.map { [NSURLErrorFailingURLErrorKey: $0] } ?? [:])
            }
            let remaining = deadline - Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000_000
            if deadline > 0, remaining <= 0 {
                throw URLError(.timedOut)
            }
            if let cookies, let http = response.response {
                cookies.follow(http, with: &next, own: &ownCookie)
            }
            urlRequest = next
            redirects += 1
            response = try await exchange(urlRequest, for: request, on: made.session, deadline: remaining,
                                          returnsBodyRedirects: true, ownCookie: ownCookie)
        }
        return response
        #else
        return try await exchange(prepared, for: request, on: made.session, deadline: deadline,
                                  returnsBodyRedirects: false, ownCookie: own)
        #endif
    }

    /// The `Cookie` field this transport's ``cookies`` would add to a request for `url`.
    ///
    /// - Parameter url: The URL of the request.
    /// - Returns: The cookies the jar sends there, or `nil`.
    public func cookieHeader(for url: URL) -> String? {
        cookies?.cookieHeader(for: url)
    }

    /// Sends `request` and returns once the response head has arrived, with the body still
    /// arriving as a ``ResponseStream``: read only as fast as it is iterated (the task is
    /// suspended while 1 MiB waits unread), and closed when the reader stops.
    ///
    /// - Parameter request: What to send; its ``TransportRequest/timeout`` limits the wait for
    ///   the head (and Quiver's provider applies it to the whole stream).
    /// - Returns: The head and the body to come.
    /// - Throws: As ``send(_:)``, when no head arrives.
    public func stream(_ request: TransportRequest) async throws -> ResponseStream {
        let made = lazySession.made
        let (urlRequest, ownCookie) = prepare(request, idleTimeout: made.idleTimeout)
        let task: URLSessionTask
        switch request.body {
        case .none, .data:
            task = made.session.dataTask(with: urlRequest)
        case .file(let file):
            task = made.session.uploadTask(with: urlRequest, fromFile: file)
        }
        let exchange = StreamExchange(request: urlRequest, maximumBodySize: request.maximumBodySize, cookies: cookies,
                                      ownCookie: ownCookie)
        delegate.register(exchange, for: task)
        do {
            let head = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    exchange.start(task, continuation: continuation, deadline: request.timeout ?? made.resourceTimeout)
                }
            } onCancel: {
                exchange.cancel()
            }
            return ResponseStream(response: head, channel: exchange.channel)
        } catch {
            delegate.removeStream(task)
            throw error
        }
    }

    /// One round trip through the session: a data task (its request holds a data body), or an
    /// upload task streaming the body file; the response body goes to memory or to the
    /// request's destination file, created or emptied first.
    private func exchange(_ urlRequest: URLRequest, for request: TransportRequest, on session: URLSession,
                          deadline: TimeInterval, returnsBodyRedirects: Bool,
                          ownCookie: String??) async throws -> Response {
        let fileURL: URL?
        switch request.destination {
        case .memory:
            fileURL = nil
        case .file(let url):
            try TemporaryFiles.create(url)
            fileURL = url
        }
        let exchange: DataExchange
        do {
            exchange = try DataExchange(request: urlRequest, hasBody: request.body != .none,
                                        returnsBodyRedirects: returnsBodyRedirects, fileURL: fileURL,
                                        progress: request.progress.handler,
                                        maximumBodySize: request.maximumBodySize, cookies: cookies,
                                        ownCookie: ownCookie)
        } catch {
            if let fileURL { TemporaryFiles.remove(fileURL) }
            throw error
        }
        let task: URLSessionTask
        switch request.body {
        case .none, .data:
            // A data body is in `urlRequest` (see TransportRequest.head).
            task = session.dataTask(with: urlRequest)
        case .file(let file):
            task = session.uploadTask(with: urlRequest, fromFile: file)
        }
        delegate.register(exchange, for: task)
        defer { delegate.remove(task) }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    exchange.start(task, continuation: continuation, deadline: deadline)
                }
            } onCancel: {
                exchange.cancel()
            }
        } catch {
            throw TLSError.classifying(error, url: urlRequest.url, refusedByHook: delegate.takeTLSRefusal(for: task)) ?? error
        }
    }
}
