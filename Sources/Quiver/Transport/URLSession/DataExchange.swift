import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request in flight in a ``URLSessionTransport``.
///
/// It collects the response and body as the session delegate hands them over (in memory, or
/// written to a temporary file chunk by chunk), reports progress, and resumes its continuation
/// exactly once, with whichever comes first: the task's completion, an authentication challenge
/// it declines, the deadline, or cancellation. Quiver does not wait for `URLSession` to notice a
/// cancellation or a timeout (on Linux it may not, or only much later): it answers at once,
/// cancels the task behind it, and removes what the transfer wrote.
///
/// Its continuation is resumed exactly once: only by whoever marks the exchange done under the
/// lock (``end(with:cancellingTask:)``, which takes it out of the state), or by
/// ``start(_:continuation:deadline:)`` when the exchange was done before the continuation was
/// stored.
final class DataExchange: DeadlineExpiring {
    private struct State {
        var continuation: CheckedContinuation<Response, any Error>?
        var task: URLSessionTask?
        var deadline: UInt64?
        var response: HTTPURLResponse?
        var body = Data()
        var file: FileHandle?
        /// Body bytes not yet written to `file`: writes go out in batches of ``writeBatch``.
        var pending = Data()
        var received: Int64 = 0
        var isDone = false
        var bodyDropped = false
        /// The request's own `Cookie` header, once known (``CookieJar/follow(_:with:own:)``).
        var ownCookie: String??
        /// How the exchange ended when it ended before ``start(_:continuation:deadline:)``
        /// (cancelled, or its deadline came first): what `start` answers with.
        var outcomeBeforeStart: Result<Response, any Error>?
    }

    private let state = Locked(State())
    /// How many body bytes are gathered before one write to the download file (a chunk from
    /// the session is about 16 KB; one write each costs more system time than the transfer).
    static let writeBatch = 1 << 18
    /// The request as sent, for the ``Response``.
    let request: URLRequest
    /// Whether the request carries a body (in memory or in a file).
    let hasBody: Bool
    /// Whether a `307`/`308` carrying a body is handed back instead of followed, so that the
    /// transport can follow it with the body (URLSession on Linux drops it).
    let returnsBodyRedirects: Bool
    /// The temporary file the body goes to, for downloads.
    let fileURL: URL?
    /// Receives progress.
    let progress: (@Sendable (ProgressResponse) -> Void)?
    /// The most body bytes accepted (``TransportRequest/maximumBodySize``), `Int64.max` for no limit.
    let maximumBodySize: Int64
    /// The transport's cookies, if it keeps any.
    let cookies: CookieJar?

    init(request: URLRequest, hasBody: Bool, returnsBodyRedirects: Bool, fileURL: URL?,
         progress: (@Sendable (ProgressResponse) -> Void)?, maximumBodySize: Int64?,
         cookies: CookieJar? = nil, ownCookie: String?? = nil) throws {
        self.request = request
        self.maximumBodySize = maximumBodySize ?? .max
        self.cookies = cookies
        if case .some = ownCookie {
            state.withLock { $0.ownCookie = ownCookie }
        }
        self.hasBody = hasBody
        self.returnsBodyRedirects = returnsBodyRedirects
        self.fileURL = fileURL
        self.progress = progress
        if let fileURL {
            let handle = try FileHandle(forWritingTo: fileURL)
            state.withLock { $0.file = handle }
        }
    }

    /// Starts `task` unless the exchange was cancelled already, with its deadline armed.
    func start(_ task: URLSessionTask, continuation: CheckedContinuation<Response, any Error>, deadline: TimeInterval) {
        let armed = armTimer(after: deadline)
        let ended = state.withLock { state -> Result<Response, any Error>? in
            guard !state.isDone else { return state.outcomeBeforeStart ?? .failure(CancellationError()) }
            state.continuation = continuation
            state.task = task
            state.deadline = armed
            return nil
        }
        if let ended {
            if let armed {
                Deadlines.shared.cancel(armed)
            }
            continuation.resume(with: ended)
            return
        }
        task.resume()
    }

    /// Ends the exchange with `CancellationError` and cancels the task.
    func cancel() {
        end(with: .failure(CancellationError()), cancellingTask: true)
    }

    /// The deadline passed: ends the exchange with `URLError(.timedOut)` and cancels the task.
    func expire() {
        end(with: .failure(URLError(.timedOut)), cancellingTask: true)
    }

    /// The response head arrived.
    func receive(_ response: URLResponse) {
        let http = response as? HTTPURLResponse
        state.withLock { $0.response = http }
        if let cookies, let http {
            cookies.store(from: http)
        }
    }

    /// A piece of the body arrived (decoded, when the server compressed it): kept in memory or
    /// written to the file, never after the end, nor past ``maximumBodySize``.
    func receive(_ data: Data) {
        let outcome = state.withLock { state -> (received: Int64, expected: Int64, failure: (any Error)?)? in
            guard !state.isDone else { return nil }
            if Int64(data.count) > maximumBodySize - state.received {
                return (0, 0, tooLarge)
            }
            if let file = state.file {
                state.pending.append(data)
                if state.pending.count >= Self.writeBatch {
                    do {
                        try file.write(contentsOf: state.pending)
                    } catch {
                        return (0, 0, error)
                    }
                    state.pending.removeAll(keepingCapacity: true)
                }
            } else if state.body.isEmpty {
                // Most bodies come in one piece: keep it as it is rather than copy it.
                state.body = data
            } else {
                state.body.append(data)
            }
            state.received += Int64(data.count)
            return (state.received, state.response?.expectedContentLength ?? -1, nil)
        }
        guard let outcome else { return }
        if let failure = outcome.failure {
            end(with: .failure(failure), cancellingTask: true)
            return
        }
        progress?(ProgressResponse(completedUnitCount: outcome.received, totalUnitCount: outcome.expected, direction: .download))
    }

    /// The error of a body over ``maximumBodySize``, naming the request.
    private var tooLarge: ResponseTooLarge {
        ResponseTooLarge(limit: maximumBodySize, isDownload: fileURL != nil,
                         method: HTTPMethod(rawValue: request.httpMethod ?? "GET"),
                         url: request.url ?? URL(fileURLWithPath: "/"))
    }

    /// Part of the request body went out.
    func sent(_ total: Int64, of expected: Int64) {
        progress?(ProgressResponse(completedUnitCount: total, totalUnitCount: expected, direction: .upload))
    }

    /// The task finished, with or without an error.
    func complete(_ task: URLSessionTask, error: (any Error)?) {
        if error == nil, fileURL != nil, let failure = flushPending() {
            end(with: .failure(failure), cancellingTask: false)
            return
        }
        let (collected, body) = state.withLock { ($0.response, $0.body) }
        // The response the delegate was handed first: it is the task's final one (URLSession
        // hands over no redirect it follows). Only without it (a redirect handed back, a failure
        // before any response) ask the task, whose getter on Linux waits on a queue that a
        // barrier block, setting that very response, may still hold.
        guard let http = collected ?? (task.response as? HTTPURLResponse) else {
            end(with: .failure(error.map { QuiverError(transportError: $0) } ?? URLError(.badServerResponse)), cancellingTask: false)
            return
        }
        let response = Response(statusCode: http.statusCode, data: body, request: request, response: http, fileURL: fileURL)
        if let error {
            end(with: .failure(QuiverError(transportError: error, response: fileURL == nil ? response : nil)), cancellingTask: false)
        } else {
            end(with: .success(response), cancellingTask: false)
        }
    }

    /// Writes the last gathered bytes to the download file; the error, if writing fails.
    private func flushPending() -> (any Error)? {
        state.withLock { state in
            guard !state.isDone, let file = state.file, !state.pending.isEmpty else { return nil }
            defer { state.pending = Data() }
            do {
                try file.write(contentsOf: state.pending)
                return nil
            } catch {
                return error
            }
        }
    }

    /// Answers an authentication challenge. Quiver holds no credentials (they travel as headers
    /// that plugins set), so an HTTP challenge is declined and its `401`/`407` is the response.
    func answer(_ challenge: URLAuthenticationChallenge) -> URLSession.AuthChallengeDisposition {
        guard SessionDelegate.httpAuthenticationMethods.contains(challenge.protectionSpace.authenticationMethod) else {
            return .performDefaultHandling
        }
        #if canImport(FoundationNetworking)
        // On Linux the challenge comes once the whole response has loaded, and no answer makes
        // the task complete with it: hand back what was collected, then cancel the task.
        if let failure = challenge.failureResponse as? HTTPURLResponse {
            _ = flushPending()
            let body = state.withLock { $0.body }
            end(with: .success(Response(statusCode: failure.statusCode, data: body, request: request, response: failure,
                                        fileURL: fileURL)),
                cancellingTask: false)
        }
        return .cancelAuthenticationChallenge
        #else
        return .performDefaultHandling
        #endif
    }

    /// The request to follow a redirect with, or `nil` to stop and hand back the redirect.
    func follow(_ response: HTTPURLResponse, to next: URLRequest, from original: URLRequest?) -> URLRequest? {
        if returnsBodyRedirects, hasBody {
            if RedirectRules.keepsMethodAndBody(statusCode: response.statusCode) {
                if !state.withLock({ $0.bodyDropped }) {
                    return nil
                }
            } else if next.httpBody == nil, next.httpBodyStream == nil {
                state.withLock { $0.bodyDropped = true }
            }
        }
        return state.withLock { state in
            Redirect.request(following: next, from: original ?? request, after: response, cookies: cookies,
                             own: &state.ownCookie)
        }
    }

    /// Schedules the deadline, unless it is no limit (``WaitTime/limit(_:)``); its identifier.
    private func armTimer(after seconds: TimeInterval) -> UInt64? {
        guard let seconds = WaitTime.limit(seconds) else { return nil }
        // The entry holds the exchange itself, strongly: no closure to allocate, and a weak
        // reference would allocate a side table for every request. It is dropped when the
        // exchange ends, whichever way it ends.
        return Deadlines.shared.schedule(after: seconds, expiring: self)
    }

    private func end(with outcome: Result<Response, any Error>, cancellingTask: Bool) {
        let taken = state.withLock { state -> (CheckedContinuation<Response, any Error>?, URLSessionTask?, UInt64?, FileHandle?)? in
            guard !state.isDone else { return nil }
            state.isDone = true
            if state.continuation == nil {
                state.outcomeBeforeStart = outcome
            }
            defer {
                state.continuation = nil
                state.task = nil
                state.deadline = nil
                state.file = nil
                state.pending = Data()
                state.body = Data()
            }
            return (state.continuation, state.task, state.deadline, state.file)
        }
        guard let (continuation, task, deadline, file) = taken else { return }
        if let deadline {
            Deadlines.shared.cancel(deadline)
        }
        if cancellingTask, let task {
            // Not in place: this may run inside a delegate callback, on the session's work
            // queue, and `cancel()` waits for that queue.
            DispatchQueue.global().async { task.cancel() }
        }
        try? file?.close()
        if case .failure = outcome, let fileURL {
            TemporaryFiles.remove(fileURL)
        }
        continuation?.resume(with: outcome)
    }
}
