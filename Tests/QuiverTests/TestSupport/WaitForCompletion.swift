import Foundation
@testable import Quiver

/// Starts a request through the completion-handler API and blocks a thread of its own on a
/// semaphore until the completion runs, as a command-line program's main thread would (never a
/// thread of Swift's cooperative pool). `nil` when no completion came within `seconds`.
func waitForCompletion(
    within seconds: Double = 5,
    _ start: @escaping @Sendable (@escaping @Sendable (Result<Response, QuiverError>) -> Void) -> Void
) async -> Result<Response, QuiverError>? {
    await withCheckedContinuation { continuation in
        Thread {
            let semaphore = DispatchSemaphore(value: 0)
            let box = Locked<Result<Response, QuiverError>?>(nil)
            start { result in
                box.withLock { $0 = result }
                semaphore.signal()
            }
            let finished = semaphore.wait(timeout: .now() + seconds) == .success
            continuation.resume(returning: finished ? box.withLock { $0 } : nil)
        }.start()
    }
}
