extension Provider {
    /// Requests `target` and reports its progress and outcome on the main actor: the
    /// completion-handler API for UI code, whose state is isolated to the main actor.
    ///
    /// Mark the progress closure `@MainActor` to choose this method; the completion is then
    /// main-actor isolated as well, so both may update a view model directly:
    ///
    /// ```swift
    /// provider.request(target, progress: { @MainActor report in
    ///     model.progress = report.progress
    /// }) { result in
    ///     model.finish(with: result)
    /// }
    /// ```
    ///
    /// Reports arrive in order, then one report carrying the complete response (after a
    /// success), then the completion, exactly once. A main actor that falls behind skips older
    /// reports, never the last one. The request itself runs off the main actor; only the
    /// closures run on it, so on Linux the program must service the main queue (an app's run
    /// loop, an `async` `main`, or `dispatchMain()`), or they never run.
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - progress: Called on the main actor with upload and download progress as bytes move,
    ///     then once more with the complete response.
    ///   - completion: Called on the main actor with the response, or why the request failed;
    ///     ``QuiverError/cancelled(_:)`` after ``Cancellable/cancel()``.
    /// - Returns: A handle that cancels the request.
    @discardableResult
    public func request(
        _ target: Target,
        progress: @escaping @MainActor (ProgressResponse) -> Void,
        completion: @escaping @MainActor (Result<Response, QuiverError>) -> Void
    ) -> Cancellable {
        let task = Task {
            // The same newest-first buffer as `requestWithProgress`: a 1 GiB download makes
            // ~65k reports, and a busy main actor must not queue them all.
            let (reports, continuation) = AsyncStream.makeStream(
                of: ProgressResponse.self, bufferingPolicy: .bufferingNewest(16))
            let delivery = Task { @MainActor in
                for await report in reports { progress(report) }
            }
            let result = await self.result(for: target, progress: { continuation.yield($0) })
            if case .success(let response) = result {
                continuation.yield(Self.completion(of: response))
            }
            continuation.finish()
            await delivery.value
            await completion(result)
        }
        return TaskCancellable(task: task)
    }
}
