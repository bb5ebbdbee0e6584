#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A plain value of which every thread has its own copy, for a cache that must not make the
/// threads of a busy process wait on one lock, or pull one cache line back and forth, on every
/// request.
///
/// Each thread's copy starts as `initial`, lives in memory of its own (a thread-specific key)
/// and is freed when the thread ends. Only trivially copyable values are kept, so freeing the
/// memory is all that ending one takes.
///
/// `Sendable` without a lock: a thread reaches only its own copy.
final class ThreadLocalSlot<Value: BitwiseCopyable & Sendable>: Sendable {
    private let key: pthread_key_t
    private let initial: Value

    /// Creates a slot whose copy on each thread starts as `initial`.
    ///
    /// A process has a limited number of thread-specific keys (at least 128), and a slot that
    /// goes away frees no thread's copy: make slots for caches that live as long as the process
    /// (a `static let`), not per object.
    init(initial: Value) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { free($0) }
        precondition(status == 0, "pthread_key_create failed (\(status)): no thread-specific key is left")
        self.key = key
        self.initial = initial
    }

    /// Runs `body` with the calling thread's copy of the value; `body` must not reach this slot again.
    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        if let memory = pthread_getspecific(key) {
            return try body(&memory.assumingMemoryBound(to: Value.self).pointee)
        }
        guard let memory = malloc(MemoryLayout<Value>.stride) else {
            // No memory for this thread's copy: a copy that lasts for this call only.
            var value = initial
            return try body(&value)
        }
        let value = memory.initializeMemory(as: Value.self, to: initial)
        guard pthread_setspecific(key, memory) == 0 else {
            defer { free(memory) }
            return try body(&value.pointee)
        }
        return try body(&value.pointee)
    }

    deinit {
        pthread_key_delete(key)
    }
}
