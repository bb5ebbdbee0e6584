/// A request that can be cancelled, returned by the completion-handler API.
public protocol Cancellable: Sendable {
    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { get }

    /// Cancels the request. Its completion is called with ``QuiverError/cancelled(_:)`` unless it
    /// had already finished. Calling it again does nothing.
    func cancel()
}

/// A ``Cancellable`` for a request running in a Swift `Task`.
struct TaskCancellable: Cancellable {
    let task: Task<Void, Never>

    var isCancelled: Bool { task.isCancelled }

    func cancel() {
        task.cancel()
    }
}
