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

    // Issue 29: the last report of a download to a file was made from the response's data,
    // which is empty for a file: its progress object read 0 of 0, not finished.
    @Test func theLastReportOfADownloadToAFileIsFinishedWithTheFilesSize() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("report.pdf")
        let target = GenericTarget(baseURL: exampleBase, path: "report", task: .download(to: .file(destination)),
                                   sampleData: Data("%PDF-1.7".utf8))
        let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub)
        let last = Locked<ProgressResponse?>(nil)
        _ = try await provider.response(for: target) { report in last.withLock { $0 = report } }
        let progress = try #require(last.withLock { $0 }?.progressObject)
        #expect(progress.isFinished)
        #expect(progress.completedUnitCount == 8)
        #expect(progress.totalUnitCount == 8)
    }

    @Test func aCompletedReportOfAnEmptyBodyIsFinished() {
        let done = ProgressResponse(completedUnitCount: 0, totalUnitCount: 0, response: Response(statusCode: 204, data: Data()))
        #expect(done.progressObject.isFinished)
    }
}
