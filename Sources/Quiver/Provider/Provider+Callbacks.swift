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
    ///   - progress: Called with upload and download progress as bytes move, then once more with
    ///     the complete response; reports arrive in order, on `callbackQueue`'s rules.
    ///   - completion: Called with the response, or why the request failed;
    ///     ``QuiverError/cancelled(_:)`` after ``Cancellable/cancel()``.
    /// - Returns: A handle that cancels the request.
    @discardableResult
    public func request(
        _ target: Target,
        callbackQueue: DispatchQueue? = nil,
        progress: (@Sendable (ProgressResponse) -> Void)? = nil,
        completion: @escaping @Sendable (Result<Response, QuiverError>) -> Void
    ) -> Cancellable {
        let queue = callbackQueue ?? self.callbackQueue ?? .global()
        // With progress, reports and the completion go through one serial queue (running on
        // `queue`), so they arrive in order and the completion comes last.
        let serial = progress.map { _ in DispatchQueue(label: "quiver.progress", target: queue) }
        let reports = progress.flatMap { progress in
            serial.map { serial in { @Sendable (report: ProgressResponse) in serial.async { progress(report) } } }
        }
        return run({ await self.result(for: target, progress: reports) }, on: serial ?? queue) { result in
            if let progress, case .success(let response) = result {
                progress(Self.completion(of: response))
            }
            completion(result)
        }
    }

    /// The last progress report: the complete response.
    static func completion(of response: Response) -> ProgressResponse {
        let size = Int64(response.data.count)
        return ProgressResponse(completedUnitCount: size, totalUnitCount: size, response: response)
    }

    /// Requests `target` and reports its progress as a stream: upload and download progress as
    /// bytes move, then one report carrying the complete response, then the end. A reader that
    /// falls behind skips older reports, never the last one. A failure ends
    /// the stream with its ``QuiverError``; ending the iteration early cancels the request.
    ///
    /// ```swift
    /// for try await report in provider.requestWithProgress(.upload(video)) {
    ///     if let response = report.response { return response }
    ///     bar.progress = report.progress
    /// }
    /// ```
    ///
    /// - Parameter target: The endpoint to request.
    /// - Returns: The stream of progress reports.
    public func requestWithProgress(_ target: Target) -> AsyncThrowingStream<ProgressResponse, any Error> {
        // A slow reader gets the newest reports, never a backlog of thousands (a 1 GiB download
        // makes ~65k); the last report, carrying the response, is always the newest.
        AsyncThrowingStream(bufferingPolicy: .bufferingNewest(16)) { continuation in
            let task = Task {
                let result = await self.result(for: target, progress: { continuation.yield($0) })
                switch result {
                case .success(let response):
                    continuation.yield(Self.completion(of: response))
                    continuation.finish()
                case .failure(let error):
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
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
