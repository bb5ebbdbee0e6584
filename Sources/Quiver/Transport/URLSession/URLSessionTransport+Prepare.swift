import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a ``URLSessionTransport`` turns a ``TransportRequest`` into the `URLRequest` it hands
/// `URLSession`: cookies, the idle timeout under the request's deadline, and, on Linux,
/// `Expect: 100-continue` for large bodies.
extension URLSessionTransport {
    /// The `URLRequest` that sends `request`: its head with the jar's cookies and the idle
    /// timeout, and the caller's own `Cookie` header when the jar adds to it (unknown
    /// otherwise: see ``CookieJar/follow(_:with:own:)``). An empty jar costs one lock.
    func prepare(_ request: TransportRequest, idleTimeout: TimeInterval) -> (URLRequest, ownCookie: String??) {
        var urlRequest = request.head
        var ownCookie: String?? = nil
        if let cookies, !cookies.isEmpty {
            ownCookie = .some(urlRequest.value(forHTTPHeaderField: "Cookie"))
            cookies.apply(to: &urlRequest, own: ownCookie ?? nil)
        }
        let idle = Self.idleTimeout(idleTimeout, under: request.timeout)
        if urlRequest.timeoutInterval != idle {
            // Only when it differs: changing a shared request copies it whole.
            urlRequest.timeoutInterval = idle
        }
        #if canImport(FoundationNetworking)
        if Self.awaitsContinue(request), urlRequest.value(forHTTPHeaderField: "Expect") == nil {
            urlRequest.setValue("100-continue", forHTTPHeaderField: "Expect")
        }
        #endif
        return (urlRequest, ownCookie)
    }

    /// The smallest body sent with `Expect: 100-continue` on Linux: more than a server reads
    /// before it may answer (gunicorn answers a `307` to a 64 KiB body unread, then closes).
    static let continueThreshold = 64 * 1024

    /// Whether `request` waits for the server's `100 Continue` before its body goes out, on
    /// Linux: a body of ``continueThreshold`` bytes or more, or a file.
    ///
    /// A server may answer a large body before reading it, a redirect most of all, promise to
    /// keep the connection and close it. libcurl then reuses that connection for the next
    /// request, finds it dead and sends that request again on a new one, but FoundationNetworking
    /// cannot rewind a body it holds (its seek callback succeeds without seeking): the retry
    /// announces the whole body, sends none of it, and waits for the deadline. Waiting for
    /// `100 Continue` keeps the body unsent when the answer comes first, and libcurl closes the
    /// connection instead of reusing it. It costs one round trip per large body (curl's own
    /// default from 1 MiB); a server that ignores `Expect` costs libcurl's one-second wait.
    static func awaitsContinue(_ request: TransportRequest) -> Bool {
        switch request.body {
        case .none: false
        case .data(let data): data.count >= continueThreshold
        case .file: true
        }
    }

    /// The idle timeout handed to `URLSession` for a request with its own `deadline`: never
    /// below it, so that Quiver's own deadline, exact to the millisecond, fires first. On Linux
    /// URLSession truncates a timeout to whole seconds (0.5 s would fire at once), hence a
    /// whole second above the deadline, rounded up. Without a deadline of the request's own,
    /// the configuration's idle timeout applies.
    static func idleTimeout(_ configured: TimeInterval, under deadline: TimeInterval?) -> TimeInterval {
        guard let deadline else { return configured }
        // Capped at a year: corelibs multiplies the timeout into an `Int` of milliseconds.
        return min(max(configured, deadline.rounded(.up) + 1), 365 * 86_400)
    }
}
