import Foundation

/// A value that is only ever read or written while holding a lock.
///
/// `@unchecked Sendable` is safe here: `value` is private and every access goes through
/// ``withLock(_:)``, which holds `lock` for the whole access, so no two threads touch it at once.
/// (`Synchronization.Mutex` would do the same, but needs macOS 15 / iOS 18.)
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
