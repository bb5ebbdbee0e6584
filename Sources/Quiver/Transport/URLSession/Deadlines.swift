import Foundation

/// The deadlines of the requests in flight, behind one timer.
///
/// A timer per request (a `DispatchSource` made, armed and cancelled each time) cost about a
/// twentieth of a small live request's CPU. Here scheduling and cancelling a deadline is a
/// dictionary update under a lock; the one timer is moved only when a deadline comes earlier
/// than the one it is set for. When it fires it runs every deadline that has passed and sets
/// itself for the earliest left. Deadlines cancelled in the meantime only make it fire early
/// and find nothing due.
final class Deadlines: Sendable {
    /// The deadlines of all ``URLSessionTransport``s.
    static let shared = Deadlines()

    private struct Entry {
        var deadline: UInt64
        var owner: any DeadlineExpiring
    }

    private struct State {
        /// Lives in the locked state: a dispatch source is not `Sendable`, and it is only
        /// touched under the lock.
        let timer: any DispatchSourceTimer
        var entries: [UInt64: Entry] = [:]
        var nextID: UInt64 = 0
        /// When the timer fires next, in uptime nanoseconds; `.max` when it is idle.
        var firesAt = UInt64.max
    }

    private let state: Locked<State>
    /// How late the timer may fire, which lets the system coalesce wake-ups.
    private static let leeway = DispatchTimeInterval.milliseconds(1)

    init(queue: DispatchQueue = .global()) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        state = Locked(State(timer: timer))
        timer.setEventHandler { [weak self] in self?.fire() }
        timer.resume()
    }

    deinit {
        state.withLock { $0.timer.cancel() }
    }

    /// Calls `owner.expire()` once `seconds` have passed, unless ``cancel(_:)`` comes first.
    /// The entry holds `owner` until then.
    ///
    /// - Returns: The deadline's identifier, for ``cancel(_:)``.
    func schedule(after seconds: TimeInterval, expiring owner: any DeadlineExpiring) -> UInt64 {
        // A negative or NaN delay is due now, and none is longer than about 30 years.
        let deadline = DispatchTime.now().uptimeNanoseconds &+ WaitTime.nanoseconds(of: seconds)
        return state.withLock { state in
            state.nextID &+= 1
            state.entries[state.nextID] = Entry(deadline: deadline, owner: owner)
            if deadline < state.firesAt {
                state.firesAt = deadline
                state.timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: Self.leeway)
            }
            return state.nextID
        }
    }

    /// Forgets the deadline `id`: its `expire` is not called.
    func cancel(_ id: UInt64) {
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }

    private func fire() {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = state.withLock { state -> [any DeadlineExpiring] in
            var due: [any DeadlineExpiring] = []
            var next = UInt64.max
            for (id, entry) in state.entries {
                if entry.deadline <= now {
                    due.append(entry.owner)
                    state.entries[id] = nil
                } else {
                    next = min(next, entry.deadline)
                }
            }
            state.firesAt = next
            if next != .max {
                state.timer.schedule(deadline: DispatchTime(uptimeNanoseconds: next), leeway: Self.leeway)
            }
            return due
        }
        for owner in due {
            owner.expire()
        }
    }
}

/// Something a deadline ends: a request in flight, for one.
protocol DeadlineExpiring: AnyObject, Sendable {
    /// The deadline passed.
    func expire()
}
