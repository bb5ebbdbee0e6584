import Foundation
import Testing
@testable import Quiver

@Suite struct LockedTests {
    @Test func changesFromManyThreadsAreAllKept() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 {
                        counter.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func copiesShareOneValue() {
        let original = Locked([String]())
        let copy = original
        copy.withLock { $0.append("a") }
        #expect(original.withLock { $0 } == ["a"])
    }

    @Test func theValueIsReleasedWithTheLastCopy() {
        final class Tracked: Sendable {
            let released: Locked<Bool>
            init(_ released: Locked<Bool>) { self.released = released }
            deinit { released.withLock { $0 = true } }
        }
        let released = Locked(false)
        do {
            let locked = Locked(Tracked(released))
            locked.withLock { _ in }
        }
        #expect(released.withLock { $0 })
    }

    @Test func aThrowingBodyLeavesTheLockFree() {
        struct Refusal: Error {}
        let value = Locked(1)
        #expect(throws: Refusal.self) {
            try value.withLock { _ in throw Refusal() }
        }
        #expect(value.withLock { $0 } == 1)
    }
}
