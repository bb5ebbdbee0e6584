import Testing
@testable import QuiverTesting

@Suite struct ExpectedCountTests {
    @Test func countsReadAsEnglish() {
        #expect([ExpectedCount(integerLiteral: 0), 1, 3, .atLeast(1), .atLeast(2), .atMost(1), .atMost(4)].map(\.description)
                == ["never", "once", "3 times", "at least 1 time", "at least 2 times", "at most 1 time", "at most 4 times"])
    }

    @Test func boundsNeverGoBelowZeroOrCross() {
        #expect(ExpectedCount(integerLiteral: -2) == 0)
        #expect(ExpectedCount.atLeast(-1) == .atLeast(0))
        #expect(ExpectedCount.atMost(-3).description == "never")
    }
}
