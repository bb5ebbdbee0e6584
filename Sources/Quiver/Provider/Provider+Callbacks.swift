import Dispatch

extension Provider {
    /// Requests `target` and calls `completion` with the outcome: the completion-handler API,
    /// for code that does not use `async`/`await`.
    ///
    /// `completion` runs exactly once, on `callbackQueue`, else the provider's
    /// ``callbackQueue``, else a global concurrent queue (never the main queue, so a
    /// command-line program may wait for it on a semaphore).
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - callbackQueue: Where `progress` and `completion` run.
    ///   - progress: Called with progress reports, the last one carrying the response.
    ///   - completion: Called with the response, or why the request failed;
    ///     ``QuiverError/cancelled`` after ``Cancellable/cancel()``.
    /// - Returns: A handle that cancels the request.
    @discardableResult
    public func request(
        _ target: Target,
        callbackQueue: DispatchQueue? = nil,
        progress: (@Sendable (ProgressResponse) -> Void)? = nil,
        completion: @escaping @Sendable (Result<Response, QuiverError>) -> Void
    ) -> Cancellable {
        run({ await self.result(for: target) }, on: callbackQueue) { result in
            if let progress, case .success(let response) = result {
                let size = Int64(response.data.count)
                progress(ProgressResponse(completedUnitCount: size, totalUnitCount: size, response: response))
            }
            completion(result)
        }
    }

    /// Runs `work` in a Swift `Task` and hands its output to `completion` on the right queue.
    func run<Output: Sendable>(
        _ work: @escaping @Sendable () async -> Output,
        on callbackQueue: DispatchQueue?,
        completion: @escaping @Sendable (Output) -> Void
    ) -> Cancellable {
        let queue = callbackQueue ?? self.callbackQueue ?? .global()
        let task = Task {
            let output = await work()
            queue.async { completion(output) }
        }
        return TaskCancellable(task: task)
    }
}
