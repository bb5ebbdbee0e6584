import Foundation

extension ProgressResponse {
    /// This report as a Foundation `Progress`, for `UIProgressView`, `NSProgressIndicator` or
    /// SwiftUI's `ProgressView(_:)` (Moya's `progressObject`). Each call makes a new object;
    /// its total is `-1` (indeterminate) while the size is unknown.
    ///
    /// ```swift
    /// provider.request(.download, callbackQueue: .main, progress: { report in
    ///     progressView.observedProgress = report.progressObject
    /// }) { _ in }
    /// ```
    public var progressObject: Progress {
        let total = isCompleted ? max(totalUnitCount, completedUnitCount) : totalUnitCount
        let progress = Progress(totalUnitCount: total)
        progress.completedUnitCount = completedUnitCount
        return progress
    }
}
