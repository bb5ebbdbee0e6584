import Dispatch
import Foundation

extension Provider {
    /// Requests `target` and calls `completion` with the outcome: the completion-handler API,
    /// for code that does not use `async`/`await` (Moya's `request(_:callbackQueue:progress:completion:)`).
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
    /// else the global concurrent executor, never the main queue. A closure written in the
    /// top-level code of a `main.swift` is main-actor code: a program whose main thread waits
    /// for it on a semaphore hangs, and Quiver reports the wait on standard error after 5 s
    /// (<doc:CallsAndCallbacks> says what works instead). `completion` runs exactly once, after
    /// every progress report.
    ///
    /// - Parameters:
    ///   - target: The endpoint to request.
    ///   - callbackQueue: Where `progress` and `completion` run when they belong to no actor.
    ///   - progress: Called as for ``response(for:progress:)``.
    ///   - completion: Called with the response, or why the request failed;
    ///     ``QuiverError/cancelled(_:)`` after the returned task is cancelled.
    /// - Returns: The task running the request and its callbacks: `cancel()` it to stop the
    ///   request.
    @discardableResult
    public func request(
        _ target: Target,
        callbackQueue: DispatchQueue? = nil,
        @_inheritActorContext progress: (@isolated(any) @Sendable (ProgressResponse) -> Void)? = nil,
        @_inheritActorContext completion: @escaping @isolated(any) @Sendable (Result<Response, QuiverError>) -> Void
    ) -> Task<Void, Never> {
        let queue = callbackQueue ?? self.callbackQueue
        return Task {
            let result = await self.result(for: target, reporting: progress, on: queue)
            await CallbackDelivery.call(completion, with: result, on: queue) {
                Self.callbackName("the completion handler", of: result)
            }
        }
    }

    /// Requests `target`, handing its progress to `progress` on the closure's actor (else on
    /// `queue`): every report, then one carrying the complete response, all delivered before
    /// this returns.
    func result(for target: Target, reporting progress: (@isolated(any) @Sendable (ProgressResponse) -> Void)?,
                on queue: DispatchQueue?) async -> Result<Response, QuiverError> {
        guard let progress else { return await result(for: target) }
        return await result(for: target, delivering: progress, on: queue)
    }

    /// ``result(for:reporting:on:)`` with a progress handler: a function of its own, so that the
    /// task frame of a request without one, held while it waits, has no room for the delivery's
    /// parts.
    private func result(for target: Target, delivering progress: @escaping @isolated(any) @Sendable (ProgressResponse) -> Void,
                        on queue: DispatchQueue?) async -> Result<Response, QuiverError> {
        // A 1 GiB download makes ~65k reports: a slow reader (a busy main actor) gets the
        // newest, never a backlog; the last one, carrying the response, is always kept.
        let (reports, continuation) = AsyncStream.makeStream(of: ProgressResponse.self, bufferingPolicy: .bufferingNewest(16))
        let delivery = Task {
            for await report in reports {
                await CallbackDelivery.call(progress, with: report, on: queue) {
                    "the progress handler of a request of Provider<\(Target.self)>"
                }
            }
        }
        let result = await self.result(for: target, progress: { continuation.yield($0) })
        if case .success(let response) = result {
            continuation.yield(Self.completion(of: response))
        }
        continuation.finish()
        await delivery.value
        return result
    }

    /// `role` of `Provider<Target>.request(_:)`, with the request's method and redacted URL when
    /// `result` holds it: how ``MainActorWait`` names a callback.
    static func callbackName(_ role: String, of result: Result<Response, QuiverError>) -> String {
        let name = "\(role) of Provider<\(Target.self)>.request(_:)"
        let request = switch result {
        case .success(let response): response.request
        case .failure(let error): error.request
        }
        guard let request else { return name }
        return "\(name) for \(request.httpMethod ?? "GET") \(Redaction.redactedURL(of: request))"
    }

    /// The last progress report: the complete response.
    static func completion(of response: Response) -> ProgressResponse {
        // A download to a file holds no data: its size is the file's.
        let fileSize = response.fileURL.flatMap { try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize }
        let size = Int64(fileSize ?? response.data.count)
        return ProgressResponse(completedUnitCount: size, totalUnitCount: size, response: response)
    }
}
