import Foundation
import Testing
@testable import Quiver

/// ``ProgressResponse/progressObject``: a Foundation `Progress` for progress views.
@Suite struct ProgressObjectTests {
    @Test func theProgressCarriesTheCountsAndFraction() {
        let progress = ProgressResponse(completedUnitCount: 25, totalUnitCount: 100).progressObject
        #expect(progress.completedUnitCount == 25)
        #expect(progress.totalUnitCount == 100)
        #expect(abs(progress.fractionCompleted - 0.25) < 0.000_1)
    }

    @Test func anUnknownSizeIsIndeterminateAndACompletedReportIsFinished() {
        #expect(ProgressResponse(completedUnitCount: 10, totalUnitCount: -1).progressObject.isIndeterminate)
        let done = ProgressResponse(completedUnitCount: 10, totalUnitCount: -1,
                                    response: Response(statusCode: 200, data: Data())).progressObject
        #expect(done.isFinished)
    }
}
