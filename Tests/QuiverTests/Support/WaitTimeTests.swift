import Foundation
import Testing
@testable import Quiver

@Suite struct WaitTimeTests {
    @Test(arguments: [(1.5, UInt64(1_500_000_000)), (0.001, 1_000_000), (0, 0), (-3, 0), (.nan, 0), (-.infinity, 0),
                      (1e9, 1_000_000_000_000_000_000), (2e10, 1_000_000_000_000_000_000),
                      (.infinity, 1_000_000_000_000_000_000)])
    func secondsBecomeNanosecondsWithinTheLongestWait(seconds: Double, nanoseconds: UInt64) {
        #expect(WaitTime.nanoseconds(of: seconds) == nanoseconds)
    }

    @Test(arguments: [(Double?.none, Double?.none), (0, nil), (-1, nil), (.nan, nil), (.infinity, nil),
                      (0.25, 0.25), (1e12, 1e12)])
    func aLimitIsAPositiveFiniteNumberOfSecondsOrNone(seconds: Double?, limit: Double?) {
        #expect(WaitTime.limit(seconds) == limit)
    }

    @Test func theLongestWaitStillFitsAfterAnyUptime() {
        // A deadline is an uptime plus the wait: a century of uptime leaves room to spare.
        let century = UInt64(100 * 365 * 86_400) * 1_000_000_000
        #expect(century.addingReportingOverflow(WaitTime.nanoseconds(of: .infinity)).overflow == false)
    }

    @Test func aWaitOfNothingStillEndsACancelledTask() async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await WaitTime.sleep(seconds: 0)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
