import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One streamed request in flight in a ``URLSessionTransport``: it hands the response head to
/// the caller waiting in ``URLSessionTransport/stream(_:)``, then each chunk to a
/// ``StreamChannel``.
///
/// **Backpressure.** The session pushes chunks with no regard for the reader.
/// - On Apple platforms, when the channel is full the task is suspended, and resumed once the
///   reader has drained it, through a serial queue of the exchange's own, in order.
/// - On Linux nothing can hold the transfer back: `URLSessionTask.suspend()` followed by
///   `resume()` restarts the request from the beginning (measured: a 1 GiB body read slowly
///   was delivered as 6 GB, repeating itself), and blocking the delegate callback would block
///   every session of the process (their work queues share one target queue). So the channel
///   buffers until its hard limit (the request's ``TransportRequest/maximumBodySize``), then
///   ends the stream with ``StreamError/readerFellBehind(limit:)``.
///
/// The head continuation is resumed exactly once: by whoever takes it out of the locked state.
final class StreamExchange: DeadlineExpiring {
    private struct State {
        var head: CheckedContinuation<Response, any Error>?
        var headDelivered = false
        var isDone = false
        var task: URLSessionTask?
        var deadline: UInt64?
        /// How the head wait ended before ``start(_:continuation:deadline:)`` stored its continuation.
        var earlyOutcome: Result<Response, any Error>?
        /// The request's own `Cookie` header, once known (``CookieJar/follow(_:with:own:)``).
        var ownCookie: String??
    }

    private let state = Locked(State())
    let channel: StreamChannel
    let request: URLRequest
    private let control = DispatchQueue(label: "quiver.stream-control")

    /// The transport's cookies, if it keeps any.
    let cookies: CookieJar?

    /// An exchange for `request` whose unread bytes may not pass `maximumBodySize` (`nil`: no
    /// limit), keeping cookies in `cookies`; `ownCookie` is the request's own `Cookie` header
    /// when the jar added to it.
    init(request: URLRequest, maximumBodySize: Int64?, cookies: CookieJar?, ownCookie: String??) {
        self.request = request
        self.cookies = cookies
        channel = StreamChannel(hardLimit: maximumBodySize.map { Int(clamping: $0) } ?? .max)
        state.withLock { $0.ownCookie = ownCookie }
    }

    /// The request to follow a redirect with: credentials kept to their origin, cookies the jar's.
    func follow(_ response: HTTPURLResponse, to next: URLRequest, from original: URLRequest?) -> URLRequest {
        state.withLock { state in
            Redirect.request(following: next, from: original ?? request, after: response, cookies: cookies,
                             own: &state.ownCookie)
        }
    }

    /// Starts `task`, waiting for the head at most `deadline` seconds.
    func start(_ task: URLSessionTask, continuation: CheckedContinuation<Response, any Error>, deadline: TimeInterval) {
        let early = state.withLock { state -> Result<Response, any Error>? in
            if let early = state.earlyOutcome { return early }
            state.head = continuation
            state.task = task
            return nil
        }
        if let early {
            continuation.resume(with: early)
            return
        }
        #if !canImport(FoundationNetworking)
        channel.whenPausing({ [control] in control.async { task.suspend() } },
                           resuming: { [control] in control.async { task.resume() } })
        #endif
        channel.whenCancelled { [control] in control.async { task.cancel() } }
        if let deadline = WaitTime.limit(deadline) {
            let id = Deadlines.shared.schedule(after: deadline, expiring: self)
            state.withLock { $0.deadline = id }
        }
        task.resume()
    }

    /// The caller's Task was cancelled while waiting for the head.
    func cancel() {
        failHead(CancellationError())
    }

    /// The head did not come in time.
    func expire() {
        failHead(URLError(.timedOut))
    }

    private func failHead(_ error: any Error) {
        let outcome = state.withLock { state -> (CheckedContinuation<Response, any Error>?, URLSessionTask?)? in
            guard !state.headDelivered, !state.isDone else { return nil }
            state.isDone = true
            if state.head == nil { state.earlyOutcome = .failure(error) }
            defer { state.head = nil }
            return (state.head, state.task)
        }
        guard let (head, task) = outcome else { return }
        if let task { control.async { task.cancel() } }
        head?.resume(throwing: error)
    }

    /// The response head arrived: the caller gets it, and the body follows through the channel.
    func receive(_ response: URLResponse) {
        if let cookies, let http = response as? HTTPURLResponse {
            cookies.store(from: http)
        }
        let taken = state.withLock { state -> (CheckedContinuation<Response, any Error>, UInt64?)? in
            guard !state.isDone, !state.headDelivered, let head = state.head else { return nil }
            state.headDelivered = true
            state.head = nil
            defer { state.deadline = nil }
            return (head, state.deadline)
        }
        guard let (head, deadline) = taken else { return }
        if let deadline { Deadlines.shared.cancel(deadline) }
        guard let http = response as? HTTPURLResponse else {
            head.resume(throwing: URLError(.badServerResponse))
            return
        }
        head.resume(returning: Response(statusCode: http.statusCode, data: Data(), request: request, response: http))
    }

    /// A chunk of the body arrived.
    func receive(_ data: Data) {
        channel.offer(data)
    }

    /// The task finished: before the head (the caller gets the error) or after it (the reader does).
    func complete(_ task: URLSessionTask, error: (any Error)?) {
        let head = state.withLock { state -> (CheckedContinuation<Response, any Error>?, UInt64?)? in
            guard !state.isDone else { return nil }
            state.isDone = true
            if state.headDelivered { return (nil, nil) }
            defer {
                state.head = nil
                state.deadline = nil
            }
            return (state.head, state.deadline)
        }
        guard let (continuation, deadline) = head else { return }
        if let deadline { Deadlines.shared.cancel(deadline) }
        if let continuation {
            continuation.resume(throwing: error ?? URLError(.badServerResponse))
        } else {
            channel.finish(throwing: error)
        }
    }

    /// Answers an authentication challenge as ``DataExchange`` does: declined, its `401` is the
    /// response (on Linux, with an empty body).
    func answer(_ challenge: URLAuthenticationChallenge) -> URLSession.AuthChallengeDisposition {
        guard SessionDelegate.httpAuthenticationMethods.contains(challenge.protectionSpace.authenticationMethod) else {
            return .performDefaultHandling
        }
        #if canImport(FoundationNetworking)
        if let failure = challenge.failureResponse {
            receive(failure)
            channel.finish()
        }
        return .cancelAuthenticationChallenge
        #else
        return .performDefaultHandling
        #endif
    }
}
