import Foundation

extension ProgressResponse {
    /// This report as a Foundation `Progress`, for `UIProgressView`, `NSProgressIndicator` or
    /// SwiftUI's `ProgressView(_:)` (Moya's `progressObject`). Each call makes a new object;
    /// its total is `-1` (indeterminate) while the size is unknown.
    ///
    /// ```swift
    /// provider.request(.download, progress: { report in   // in main-actor code
    ///     progressView.observedProgress = report.progressObject
    /// }) { _ in }
    /// ```
    public var progressObject: Progress {
        guard isCompleted else {
            let progress = Progress(totalUnitCount: totalUnitCount)
            progress.completedUnitCount = completedUnitCount
            return progress
        }
        // Finished whatever the counts: an empty body is 0 of 0, which `Progress` calls unfinished.
        let total = max(totalUnitCount, completedUnitCount, 1)
        let progress = Progress(totalUnitCount: total)
        progress.completedUnitCount = total
        return progress
    }
}
