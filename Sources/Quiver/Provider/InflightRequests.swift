import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Identical `GET` requests in flight, shared: Moya's `trackInflights`.
///
/// The first caller starts the request; callers that ask for the same request while it runs
/// wait for that one instead of sending another. A cancelled caller stops waiting at once with
/// ``QuiverError/cancelled``; the shared request goes on while anyone still waits for it, and is
/// cancelled when nobody does.
final class InflightRequests: Sendable {
    private struct Entry {
        let task: Task<Result<Response, QuiverError>, Never>
        var waiters: Int
    }

    private let running = Locked([String: Entry]())

    /// The key of a request that may be shared, or `nil` when it must go on its own.
    static func key(for request: URLRequest) -> String? {
        guard (request.httpMethod ?? "GET").uppercased() == "GET", let url = request.url else { return nil }
        let headers = (request.allHTTPHeaderFields ?? [:])
            .map { "\($0.key.lowercased()):\($0.value)" }
            .sorted()
            .joined(separator: "\n")
        return url.absoluteString + "\n" + headers
    }

    /// The outcome of the request under `key`: joins the one in flight, or starts `work`.
    func outcome(for key: String, work: @escaping @Sendable () async -> Result<Response, QuiverError>) async -> Result<Response, QuiverError> {
        let task = running.withLock { running in
            if var entry = running[key] {
                entry.waiters += 1
                running[key] = entry
                return entry.task
            }
            let task = Task { await work() }
            running[key] = Entry(task: task, waiters: 1)
            return task
        }
        let waiter = Waiter()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.start(continuation)
                Task { waiter.resume(with: await task.value) }
            }
        } onCancel: {
            waiter.resume(with: .failure(.cancelled()))
        }
        leave(key, task: task)
        return result
    }

    /// One caller's wait is over: forget the request once it is done or nobody waits for it.
    private func leave(_ key: String, task: Task<Result<Response, QuiverError>, Never>) {
        let abandoned = running.withLock { running -> Bool in
            guard var entry = running[key], entry.task == task else { return false }
            entry.waiters -= 1
            if entry.waiters == 0 {
                running[key] = nil
                return true
            }
            running[key] = entry
            return false
        }
        if abandoned {
            task.cancel()
        }
    }

    /// Resumes one caller exactly once, with the shared outcome or its own cancellation.
    private final class Waiter: Sendable {
        private let state = Locked<(continuation: CheckedContinuation<Result<Response, QuiverError>, Never>?, early: Result<Response, QuiverError>?, done: Bool)>((nil, nil, false))

        func start(_ continuation: CheckedContinuation<Result<Response, QuiverError>, Never>) {
            let early = state.withLock { state -> Result<Response, QuiverError>? in
                if let early = state.early {
                    state.done = true
                    return early
                }
                state.continuation = continuation
                return nil
            }
            if let early {
                continuation.resume(returning: early)
            }
        }

        func resume(with result: Result<Response, QuiverError>) {
            let continuation = state.withLock { state -> CheckedContinuation<Result<Response, QuiverError>, Never>? in
                guard !state.done else { return nil }
                guard let continuation = state.continuation else {
                    if state.early == nil { state.early = result }
                    return nil
                }
                state.done = true
                state.continuation = nil
                return continuation
            }
            continuation?.resume(returning: result)
        }
    }
}
