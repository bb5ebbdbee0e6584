#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// The delegate queue of a ``URLSessionTransport``'s session on Linux: it runs each delegate
/// callback at once, on the thread that hands it over (the session's own serial work queue),
/// instead of queueing it.
///
/// FoundationNetworking turns every delegate event (the response, each chunk of about 16 KB,
/// the completion) into an operation on the delegate queue. Queueing costs more CPU than the
/// callbacks themselves do (measured: 10–15% of a small request's CPU), and the queue has no
/// backpressure: a 1 GiB download piled up over 300 MB of waiting chunks. Run in place, the
/// callbacks keep their order (the work queue is serial), cost a function call, and a slow
/// consumer holds the transfer back instead of piling chunks up.
///
/// The callbacks of ``SessionDelegate`` are short and never wait. What they must not do is call
/// back into the session synchronously (`URLSessionTask.cancel()` waits for the work queue they
/// run on), so cancelling a task and answering a challenge go through another queue.
///
/// `@unchecked Sendable`: `OperationQueue` is thread-safe, and this subclass adds no state.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "quiver.session-delegate"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif
