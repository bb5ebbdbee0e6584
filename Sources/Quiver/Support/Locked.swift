import Foundation
#if canImport(Darwin)
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value that is only ever read or written while holding a lock.
///
/// The value and its lock live in one allocation, and the lock is the platform's own
/// (`os_unfair_lock`, a `pthread_mutex_t`). An `NSLock` is an object of its own, with its
/// mutex allocated apart, and each `lock()` is a dynamic call: making one cost about 50 ns
/// against 8 here, and every request in flight makes one and takes it about a dozen times.
/// (`Synchronization.Mutex` would do, but needs macOS 15 / iOS 18.)
///
/// `@unchecked Sendable` is safe here: the value is reachable only through ``withLock(_:)``,
/// which holds the lock for the whole access, so no two threads touch it at once. Copies of a
/// `Locked` share one value and one lock.
package struct Locked<Value>: @unchecked Sendable {
    private let storage: LockedStorage<Value>

    package init(_ value: Value) {
        storage = LockedStorage.make(value)
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, lock in
            LockedStorage<Value>.lock(lock)
            defer { LockedStorage<Value>.unlock(lock) }
            return try body(&value.pointee)
        }
    }
}

/// The value (as the buffer's header) and its lock (as its one element).
private final class LockedStorage<Value>: ManagedBuffer<Value, LockedStorage.Primitive> {
    #if canImport(Darwin)
    typealias Primitive = os_unfair_lock
    #else
    typealias Primitive = pthread_mutex_t
    #endif

    static func make(_ value: Value) -> LockedStorage {
        let buffer = create(minimumCapacity: 1) { _ in value }
        buffer.withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
            lock.initialize(to: os_unfair_lock())
            #else
            lock.initialize(to: pthread_mutex_t())
            pthread_mutex_init(lock, nil)
            #endif
        }
        // `create` makes an instance of the class it is called on.
        return unsafeDowncast(buffer, to: LockedStorage.self)
    }

    static func lock(_ lock: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        #else
        pthread_mutex_lock(lock)
        #endif
    }

    static func unlock(_ lock: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
        os_unfair_lock_unlock(lock)
        #else
        pthread_mutex_unlock(lock)
        #endif
    }

    deinit {
        withUnsafeMutablePointerToElements { lock in
            #if !canImport(Darwin)
            pthread_mutex_destroy(lock)
            #endif
            lock.deinitialize(count: 1)
        }
    }
}
