import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request in flight in a ``URLSessionTransport``.
///
/// It collects the response and body as the session delegate hands them over, and resumes its
/// continuation exactly once, with whichever comes first: the task's completion, an
/// authentication challenge it declines, the deadline, or cancellation. Quiver does not wait for
/// `URLSession` to notice a cancellation or a timeout (on Linux it may not, or only much later):
/// it answers at once and cancels the task behind it.
final class DataExchange: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Response, any Error>?
        var task: URLSessionTask?
        var timer: (any DispatchSourceTimer)?
        var response: HTTPURLResponse?
        var body = Data()
        var isDone = false
        /// Whether a redirect the session followed already dropped the body (a `301`/`302`/`303`
        /// that turned a `POST` into a `GET`): a later `307`/`308` then repeats that request.
        var bodyDropped = false
    }

    private let state = Locked(State())
    /// The request as sent, for the ``Response``.
    let request: URLRequest
    /// Whether a `307`/`308` carrying a body is handed back instead of followed, so that the
    /// transport can follow it with the body (URLSession on Linux drops it).
    let returnsBodyRedirects: Bool

    init(request: URLRequest, returnsBodyRedirects: Bool) {
        self.request = request
        self.returnsBodyRedirects = returnsBodyRedirects
    }

    /// Starts `task` unless the exchange was cancelled already, and arms the deadline.
    func start(_ task: URLSessionTask, continuation: CheckedContinuation<Response, any Error>, deadline: TimeInterval) {
        let alreadyCancelled = state.withLock { state in
            guard !state.isDone else { return true }
            state.continuation = continuation
            state.task = task
            return false
        }
        if alreadyCancelled {
            continuation.resume(throwing: CancellationError())
            return
        }
        armTimer(after: deadline)
        task.resume()
    }

    /// Ends the exchange with `CancellationError` and cancels the task.
    func cancel() {
        end(with: .failure(CancellationError()), cancellingTask: true)
    }

    /// The response head arrived.
    func receive(_ response: URLResponse) {
        state.withLock { $0.response = response as? HTTPURLResponse }
    }

    /// A piece of the body arrived.
    func receive(_ data: Data) {
        state.withLock { $0.body.append(data) }
    }

    /// The task finished, with or without an error.
    func complete(_ task: URLSessionTask, error: (any Error)?) {
        let (collected, body) = state.withLock { ($0.response, $0.body) }
        let httpResponse = (task.response as? HTTPURLResponse) ?? collected
        let response = httpResponse.map {
            Response(statusCode: $0.statusCode, data: body, request: request, response: $0)
        }
        if let error {
            end(with: .failure(QuiverError(transportError: error, response: response)), cancellingTask: false)
        } else if let response {
            end(with: .success(response), cancellingTask: false)
        } else {
            end(with: .failure(URLError(.badServerResponse)), cancellingTask: false)
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
            let body = state.withLock { $0.body }
            end(with: .success(Response(statusCode: failure.statusCode, data: body, request: request, response: failure)),
                cancellingTask: false)
        }
        return .cancelAuthenticationChallenge
        #else
        return .performDefaultHandling
        #endif
    }

    /// The request to follow a redirect with, or `nil` to stop and hand back the redirect.
    func follow(_ response: HTTPURLResponse, to next: URLRequest, from original: URLRequest?) -> URLRequest? {
        if returnsBodyRedirects, request.httpBody != nil {
            if Redirect.keepsMethodAndBody(response.statusCode) {
                if !state.withLock({ $0.bodyDropped }) {
                    return nil
                }
            } else if next.httpBody == nil, next.httpBodyStream == nil {
                state.withLock { $0.bodyDropped = true }
            }
        }
        return Redirect.request(following: next, from: original ?? request)
    }

    private func armTimer(after seconds: TimeInterval) {
        // Deadlines beyond a year are "never": DispatchTime cannot hold infinity.
        guard seconds.isFinite, seconds > 0, seconds < 365 * 86_400 else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler { [weak self] in
            self?.end(with: .failure(URLError(.timedOut)), cancellingTask: true)
        }
        let armed = state.withLock { state in
            guard !state.isDone else { return false }
            state.timer = timer
            return true
        }
        if armed {
            timer.resume()
        }
    }

    private func end(with outcome: Result<Response, any Error>, cancellingTask: Bool) {
        let taken = state.withLock { state -> (CheckedContinuation<Response, any Error>?, URLSessionTask?, (any DispatchSourceTimer)?)? in
            guard !state.isDone else { return nil }
            state.isDone = true
            defer {
                state.continuation = nil
                state.task = nil
                state.timer = nil
                state.body = Data()
            }
            return (state.continuation, state.task, state.timer)
        }
        guard let (continuation, task, timer) = taken else { return }
        timer?.cancel()
        if cancellingTask {
            task?.cancel()
        }
        continuation?.resume(with: outcome)
    }
}
