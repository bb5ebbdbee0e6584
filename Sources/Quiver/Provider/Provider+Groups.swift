import Foundation

/// What a request group does when one of its requests fails.
public enum GroupFailurePolicy: Sendable, Hashable {
    /// Run every request; each result stands on its own.
    case collectAll
    /// After the first failure, cancel the requests still running or waiting: they end with
    /// ``QuiverError/cancelled(_:)``.
    case stopAtFirstFailure
}

extension Provider {
    /// Requests many targets, at most `maximumConcurrency` at a time, and returns their results
    /// in the order of `targets` (CodyFire's `concurrent(by:)`).
    ///
    /// ```swift
    /// let pages = await provider.results(for: (1...20).map { .page($0) }, maximumConcurrency: 4)
    /// ```
    ///
    /// - Parameters:
    ///   - targets: The endpoints to request.
    ///   - maximumConcurrency: The most requests in flight at once; at least 1. Defaults to 4.
    ///   - failurePolicy: Whether a failure stops the rest. Defaults to
    ///     ``GroupFailurePolicy/collectAll``.
    ///   - progress: Called as the group moves (CodyFire's `onProgress` on a group): requests
    ///     finished and bytes moved, in order, all before this method returns. Written in
    ///     main-actor code, it runs on the main actor.
    /// - Returns: One result per target, in the same order.
    public func results(for targets: [Target], maximumConcurrency: Int = 4,
                        failurePolicy: GroupFailurePolicy = .collectAll,
                        @_inheritActorContext progress: (@isolated(any) @Sendable (GroupProgress) -> Void)? = nil) async -> [Result<Response, QuiverError>] {
        let tracker = progress.map { GroupProgressTracker(totalCount: targets.count, report: $0) }
        let results = await runGroup(targets, maximumConcurrency: maximumConcurrency, failurePolicy: failurePolicy,
                              isFailure: { (result: Result<Response, QuiverError>) in if case .failure = result { true } else { false } },
                              cancelled: .failure(.cancelled())) { index, target in
            let result = await self.result(for: target, progress: tracker?.requestProgress(index))
            tracker?.finished(index, receiving: (try? result.get())?.data.count ?? 0)
            return result
        }
        await tracker?.flush()
        return results
    }

    /// Runs `work` for every target with at most `maximumConcurrency` at once, results in order.
    func runGroup<Output: Sendable>(
        _ targets: [Target], maximumConcurrency: Int, failurePolicy: GroupFailurePolicy,
        isFailure: @escaping @Sendable (Output) -> Bool, cancelled: Output,
        work: @escaping @Sendable (_ index: Int, _ target: Target) async -> Output
    ) async -> [Output] {
        var outputs = [Output](repeating: cancelled, count: targets.count)
        await withTaskGroup(of: (Int, Output).self) { group in
            var next = 0
            func startNext() {
                guard next < targets.count else { return }
                let index = next
                next += 1
                group.addTask { (index, await work(index, targets[index])) }
            }
            for _ in 0..<min(max(1, maximumConcurrency), targets.count) {
                startNext()
            }
            while let (index, output) = await group.next() {
                outputs[index] = output
                if failurePolicy == .stopAtFirstFailure, isFailure(output) {
                    group.cancelAll()
                    next = targets.count
                    continue
                }
                startNext()
            }
        }
        return outputs
    }
}

extension Provider where Target: TargetMapping {
    /// Requests many targets, at most `maximumConcurrency` at a time, and returns their typed
    /// outcomes in the order of `targets`.
    ///
    /// - Parameters:
    ///   - targets: The endpoints to request.
    ///   - maximumConcurrency: The most requests in flight at once. Defaults to 4.
    ///   - progress: Called as the group moves: requests finished and bytes moved.
    /// - Returns: One ``TargetMapping/Output`` per target, in the same order.
    public func request(_ targets: [Target], maximumConcurrency: Int = 4,
                        @_inheritActorContext progress: (@isolated(any) @Sendable (GroupProgress) -> Void)? = nil) async -> [Target.Output] {
        var outputs: [Target.Output?] = Array(repeating: nil, count: targets.count)
        let results = await results(for: targets, maximumConcurrency: maximumConcurrency, progress: progress)
        for (index, result) in results.enumerated() {
            outputs[index] = mapped(result, by: targets[index], decodingWith: decoder(for: targets[index]))
        }
        return outputs.compactMap { $0 }
    }
}
