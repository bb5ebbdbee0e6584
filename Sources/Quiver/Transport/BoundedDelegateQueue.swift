#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// The delegate queue of a ``URLSessionTransport``'s session on Linux: serial, and it holds the
/// session back while too many callbacks wait.
///
/// FoundationNetworking hands each received chunk (about 16 KB) to the delegate queue as an
/// operation and never waits for it; on a fast link chunks arrive faster than operations run, and
/// a 1 GiB download piled up over 300 MB of waiting chunks (measured). A download task has no
/// such backlog only because it writes each chunk itself, on the session's work queue. Here
/// `addOperation` blocks its caller (that work queue) while ``limit`` operations wait, which gives
/// data tasks the same backpressure. It never blocks when called from the queue's own operations.
///
/// `@unchecked Sendable`: `OperationQueue` is thread-safe, and the only state added here is a
/// `DispatchSemaphore`, which is thread-safe too.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    /// Operations that may wait at once: about 2 MB of 16 KB chunks.
    static let limit = 128

    private let slots = DispatchSemaphore(value: BoundedDelegateQueue.limit)

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "quiver.session-delegate"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        guard OperationQueue.current !== self else {
            super.addOperation(block)
            return
        }
        slots.wait()
        let slots = self.slots
        super.addOperation {
            block()
            slots.signal()
        }
    }
}
#endif
