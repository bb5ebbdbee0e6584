import Foundation
import Testing
@testable import Quiver

/// Each thread keeps its own copy of a slot's value: what one thread writes, another never
/// reads, and a thread that never wrote starts from the initial value.
@Suite struct ThreadLocalSlotTests {
    private static let slot = ThreadLocalSlot(initial: 7)

    /// Runs `body` on a thread of its own and waits for it to end.
    private static func onNewThread(_ body: @escaping @Sendable () -> Void) {
        let ended = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            ended.signal()
        }
        thread.start()
        ended.wait()
    }

    @Test func aThreadKeepsWhatItWroteAndOthersStartFromTheInitialValue() {
        let seen = Locked<[Int]>([])
        Self.onNewThread {
            let first = Self.slot.withValue { value -> Int in
                defer { value = 42 }
                return value
            }
            let second = Self.slot.withValue { $0 }
            seen.withLock { $0 += [first, second] }
        }
        Self.onNewThread {
            seen.withLock { $0.append(Self.slot.withValue { $0 }) }
        }
        #expect(seen.withLock { $0 } == [7, 42, 7])
    }

    @Test func threadsWritingAtOnceEachReadBackTheirOwn() {
        let slot = ThreadLocalSlot(initial: -1)
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            for round in 0..<1_000 {
                slot.withValue { $0 = index * 10_000 + round }
                if slot.withValue({ $0 }) != index * 10_000 + round {
                    mismatches.withLock { $0 += 1 }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
