import Dispatch
import Foundation

extension Provider {
    /// Requests `target` and calls `completion` with the outcome: the completion-handler API,
    /// for code that does not use `async`/`await`.
    ///
    /// The closures run where the code that wrote them runs: written in main-actor code (a view
    /// model, a view controller), they run on the main actor and may update its state directly.
    ///
    /// ```swift
    /// @MainActor final class ProfileModel {
    ///     var name = ""
    ///     func load(_ provider: Provider<GitHub>) {
    ///         provider.request(.user(login: "octocat")) { result in
    ///             self.name = (try? result.get().decode(User.self))?.name ?? "?"
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// A closure of no actor runs on `callbackQueue`, else the provider's ``callbackQueue``,
    /// else the global concurrent executor (never the main queue, so a command-line program
    /// may wait for it on a semaphore). `completion` runs exactly once, after every progress
    /// report.
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - callbackQueue: Where `progress` and `completion` run when they belong to no actor.
    ///   - progress: Called with upload and download progress as bytes move, then once more with
    ///     the complete response; reports arrive in order. A reader that falls behind skips
    ///     older reports, never the last one.
    ///   - completion: Called with the response, or why the request failed;
    ///     ``QuiverError/cancelled(_:)`` after ``Cancellable/cancel()``.
    /// - Returns: A handle that cancels the request.
    @discardableResult
    public func request(
        _ target: Target,
        callbackQueue: DispatchQueue? = nil,
        @_inheritActorContext progress: (@isolated(any) @Sendable (ProgressResponse) -> Void)? = nil,
        @_inheritActorContext completion: @escaping @isolated(any) @Sendable (Result<Response, QuiverError>) -> Void
    ) -> Cancellable {
        let queue = callbackQueue ?? self.callbackQueue
        return run({
            guard let progress else { return await self.result(for: target) }
            // A 1 GiB download makes ~65k reports: a slow reader (a busy main actor) gets the
            // newest, never a backlog; the last one, carrying the response, is always kept.
            let (reports, continuation) = AsyncStream.makeStream(of: ProgressResponse.self, bufferingPolicy: .bufferingNewest(16))
            let delivery = Task {
                for await report in reports {
                    await CallbackDelivery.call(progress, with: report, on: queue)
                }
            }
            let result = await self.result(for: target, progress: { continuation.yield($0) })
            if case .success(let response) = result {
                continuation.yield(Self.completion(of: response))
            }
            continuation.finish()
            await delivery.value
            return result
        }, on: queue, completion: completion)
    }

    /// The last progress report: the complete response.
    static func completion(of response: Response) -> ProgressResponse {
        // A download to a file holds no data: its size is the file's.
        let fileSize = response.fileURL.flatMap { try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize }
        let size = Int64(fileSize ?? response.data.count)
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

    /// Runs `work` in a Swift `Task` and hands its output to `completion`: on the closure's actor,
    /// else on `callbackQueue`, else the provider's, else the global executor.
    func run<Output: Sendable>(
        _ work: @escaping @Sendable () async -> Output,
        on callbackQueue: DispatchQueue?,
        completion: @escaping @isolated(any) @Sendable (Output) -> Void
    ) -> Cancellable {
        let queue = callbackQueue ?? self.callbackQueue
        let task = Task {
            await CallbackDelivery.call(completion, with: await work(), on: queue)
        }
        return TaskCancellable(task: task)
    }
}
