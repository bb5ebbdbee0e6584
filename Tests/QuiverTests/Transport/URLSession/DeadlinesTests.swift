import Foundation
import Testing
@testable import Quiver

/// Records which deadlines expired, in order and when, and lets a test wait for one.
private final class Expirations: Sendable {
    fileprivate let fired = Locked([(name: String, at: ContinuousClock.Instant)]())

    /// What a deadline named `name` ends: it records that it expired, and when.
    func expire(_ name: String) -> any DeadlineExpiring {
        Named(name: name, expirations: self)
    }

    private final class Named: DeadlineExpiring {
        let name: String
        let expirations: Expirations

        init(name: String, expirations: Expirations) {
            self.name = name
            self.expirations = expirations
        }

        func expire() {
            expirations.fired.withLock { $0.append((name, .now)) }
        }
    }

    var names: [String] { fired.withLock { $0.map(\.name) } }

    /// When `name` expired, if it did.
    func instant(of name: String) -> ContinuousClock.Instant? {
        fired.withLock { $0.first { $0.name == name }?.at }
    }

    /// Waits (without holding a thread) until `name` expired, for at most `seconds`.
    func wait(for name: String, within seconds: Double = 5) async throws -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(seconds)
        while clock.now < end {
            if names.contains(name) { return true }
            try await Task.sleep(for: .milliseconds(5))
        }
        return names.contains(name)
    }
}

@Suite struct DeadlinesTests {
    @Test func expiresOnceTheTimeHasPassedAndNotBefore() async throws {
        let deadlines = Deadlines()
        let expirations = Expirations()
        let start = ContinuousClock.now
        // 1 s: long enough that a busy machine cannot delay the next line past it.
        _ = deadlines.schedule(after: 1, expiring: expirations.expire("a"))
        #expect(expirations.names.isEmpty)
        #expect(try await expirations.wait(for: "a"))
        #expect(ContinuousClock.now - start >= .milliseconds(995))
        try await Task.sleep(for: .milliseconds(50))
        #expect(expirations.names == ["a"])
    }

    @Test func aCancelledDeadlineNeverExpires() async throws {
        let deadlines = Deadlines()
        let expirations = Expirations()
        let cancelled = deadlines.schedule(after: 0.05, expiring: expirations.expire("cancelled"))
        _ = deadlines.schedule(after: 0.15, expiring: expirations.expire("later"))
        deadlines.cancel(cancelled)
        #expect(try await expirations.wait(for: "later"))
        #expect(expirations.names == ["later"])
    }

    @Test func anEarlierDeadlineScheduledLaterMovesTheTimer() async throws {
        let deadlines = Deadlines()
        let expirations = Expirations()
        _ = deadlines.schedule(after: 3600, expiring: expirations.expire("an hour"))
        _ = deadlines.schedule(after: 0.05, expiring: expirations.expire("soon"))
        #expect(try await expirations.wait(for: "soon", within: 2))
        #expect(expirations.names == ["soon"])
    }

    @Test func aTimerThatFiredForACancelledDeadlineSetsItselfForTheNext() async throws {
        let deadlines = Deadlines()
        let expirations = Expirations()
        let start = ContinuousClock.now
        // Far enough apart that a busy machine cannot let "first" expire before it is cancelled.
        let first = deadlines.schedule(after: 0.5, expiring: expirations.expire("first"))
        _ = deadlines.schedule(after: 1, expiring: expirations.expire("second"))
        deadlines.cancel(first)
        #expect(try await expirations.wait(for: "second"))
        #expect(expirations.names == ["second"])
        // Not when the timer woke for the cancelled one (a busy machine may make it late, never
        // early).
        let expired = try #require(expirations.instant(of: "second"))
        #expect(expired - start >= .milliseconds(995))
    }

    @Test func everyOneOfManyDeadlinesExpiresExactlyOnce() async throws {
        let deadlines = Deadlines()
        let expirations = Expirations()
        var cancelled: Set<String> = []
        for index in 0..<200 {
            // 0.5 s and more: every third one is cancelled before a busy machine could fire it.
            let id = deadlines.schedule(after: 0.5 + Double(index % 10) / 100, expiring: expirations.expire("\(index)"))
            if index % 3 == 0 {
                deadlines.cancel(id)
                cancelled.insert("\(index)")
            }
        }
        for name in Set((0..<200).map { "\($0)" }).subtracting(cancelled) {
            #expect(try await expirations.wait(for: name), "\(name) never expired")
        }
        try await Task.sleep(for: .milliseconds(150))  // time for a wrong second expiry
        let names = expirations.names
        #expect(names.count == Set(names).count)
        #expect(Set(names) == Set((0..<200).map { "\($0)" }).subtracting(cancelled))
    }

    @Test func anOwnerIsHeldUntilItsDeadlineEndsItThenLetGo() async throws {
        final class Owner: DeadlineExpiring {
            let expired: Locked<Bool>
            init(_ expired: Locked<Bool>) { self.expired = expired }
            func expire() { expired.withLock { $0 = true } }
        }
        let deadlines = Deadlines()
        let expired = Locked(false)
        weak var held: Owner?
        do {
            let owner = Owner(expired)
            held = owner
            _ = deadlines.schedule(after: 0.05, expiring: owner)
        }
        // Only the entry holds it now.
        #expect(held != nil)
        let clock = ContinuousClock()
        let end = clock.now + .seconds(5)
        while !expired.withLock({ $0 }) || held != nil, clock.now < end {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(expired.withLock { $0 })
        #expect(held == nil)
    }
}
