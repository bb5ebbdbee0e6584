import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of a ``URLSessionTransport``'s session: hands each task's events to its
/// ``DataExchange``.
///
/// It is a session-level delegate on purpose: on Linux a task with its own delegate
/// (`URLSessionTask.delegate`) never completes after following a redirect.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// The challenges a server makes for HTTP credentials (as opposed to TLS trust).
    static let httpAuthenticationMethods: Set<String> = [
        NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic,
        NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodNTLM,
        NSURLAuthenticationMethodNegotiate,
    ]

    private let exchanges = Locked([Int: DataExchange]())
    /// The transport's TLS hooks.
    private let tls: TLSHooks
    /// The tasks whose server a TLS hook refused, until ``takeTLSRefusal(for:)``.
    private let tlsRefusals = Locked(Set<Int>())

    init(tls: TLSHooks = TLSHooks()) {
        self.tls = tls
        super.init()
    }

    /// Whether a TLS hook refused the server of `task`; forgets it.
    func takeTLSRefusal(for task: URLSessionTask) -> Bool {
        tlsRefusals.withLock { $0.remove(task.taskIdentifier) != nil }
    }

    /// Routes the events of `task` to `exchange` until ``remove(_:)``.
    func register(_ exchange: DataExchange, for task: URLSessionTask) {
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
    }

    /// Stops routing the events of `task`.
    func remove(_ task: URLSessionTask) {
        exchanges.withLock { $0[task.taskIdentifier] = nil }
    }

    private func exchange(for task: URLSessionTask) -> DataExchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    /// The streamed requests, apart: most requests are not streamed, and their lookup stays as it was.
    private let streams = Locked([Int: StreamExchange]())

    /// Routes the events of `task` to `stream` until ``remove(_:)``.
    func register(_ stream: StreamExchange, for task: URLSessionTask) {
        streams.withLock { $0[task.taskIdentifier] = stream }
    }

    /// Stops routing the events of the streamed `task`.
    func removeStream(_ task: URLSessionTask) {
        streams.withLock { $0[task.taskIdentifier] = nil }
    }

    private func stream(for task: URLSessionTask) -> StreamExchange? {
        streams.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        if let exchange = exchange(for: dataTask) {
            exchange.receive(response)
        } else {
            stream(for: dataTask)?.receive(response)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if let exchange = exchange(for: dataTask) {
            exchange.receive(data)
        } else {
            stream(for: dataTask)?.receive(data)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        exchange(for: task)?.sent(totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let exchange = exchange(for: task) {
            exchange.complete(task, error: error)
        } else if let stream = stream(for: task) {
            stream.complete(task, error: error)
            removeStream(task)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        // TLS challenges reach the hooks on Apple platforms only (see TLSHooks).
        switch tls.answer(challenge) {
        case .performDefaultHandling?:
            return completionHandler(.performDefaultHandling, nil)
        case .use(let credential)?:
            return completionHandler(.useCredential, credential)
        case .refuse?:
            tlsRefusals.withLock { _ = $0.insert(task.taskIdentifier) }
            return completionHandler(.cancelAuthenticationChallenge, nil)
        case nil:
            break
        }
        let disposition: URLSession.AuthChallengeDisposition
        if let exchange = exchange(for: task) {
            disposition = exchange.answer(challenge)
        } else if let stream = stream(for: task) {
            disposition = stream.answer(challenge)
        } else if Self.httpAuthenticationMethods.contains(challenge.protectionSpace.authenticationMethod) {
            disposition = .cancelAuthenticationChallenge
        } else {
            disposition = .performDefaultHandling
        }
        #if canImport(FoundationNetworking)
        // Answering may cancel the task, which waits for the session's work queue: the queue
        // this callback runs on (see InlineDelegateQueue).
        DispatchQueue.global().async { completionHandler(disposition, nil) }
        #else
        completionHandler(disposition, nil)
        #endif
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        if let exchange = exchange(for: task) {
            completionHandler(exchange.follow(response, to: request, from: task.originalRequest))
        } else if let stream = stream(for: task) {
            completionHandler(stream.follow(response, to: request, from: task.originalRequest))
        } else if let original = task.originalRequest {
            completionHandler(Redirect.request(following: request, from: original))
        } else {
            completionHandler(nil)
        }
    }
}
