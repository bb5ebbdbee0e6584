import Dispatch
import Foundation

/// When each request in flight was sent, by request id.
final class RequestClock: Sendable {
    private let lock = NSLock()
    /// Uptime nanoseconds at which each request was sent. Read and written only with `lock`
    /// held, which makes this class safe to share.
    nonisolated(unsafe) private var starts: [String: UInt64] = [:]

    /// Starts the clock of request `id`.
    func start(_ id: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.withLock { starts[id] = now }
    }

    /// Stops the clock of request `id`: the seconds since ``start(_:)``, or `nil` if it never started.
    func stop(_ id: String) -> TimeInterval? {
        let now = DispatchTime.now().uptimeNanoseconds
        guard let start = lock.withLock({ starts.removeValue(forKey: id) }) else { return nil }
        return Double(now &- start) / 1_000_000_000
    }
}
