/// How far a group of requests has come (CodyFire's `onProgress` on `and()` / `flatten()`),
/// reported by ``Provider/results(for:maximumConcurrency:failurePolicy:progress:)``.
public struct GroupProgress: Sendable, Hashable {
    /// Requests that have ended, successfully or not.
    public let finishedCount: Int
    /// Requests in the group.
    public let totalCount: Int
    /// Bytes moved so far by the group's requests, request bodies out and response bodies in.
    public let bytesMoved: Int64

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - finishedCount: Requests that have ended.
    ///   - totalCount: Requests in the group.
    ///   - bytesMoved: Bytes moved so far.
    init(finishedCount: Int, totalCount: Int, bytesMoved: Int64) {
        self.finishedCount = finishedCount
        self.totalCount = totalCount
        self.bytesMoved = bytesMoved
    }

    /// The share of requests that have ended, from 0 to 1; 1 for an empty group.
    public var fractionFinished: Double {
        totalCount == 0 ? 1 : Double(finishedCount) / Double(totalCount)
    }
}

/// Adds up the progress of a group's requests and reports each change.
final class GroupProgressTracker: Sendable {
    private struct Counts {
        var finished = 0
        /// Per request: the bytes sent and received so far.
        var bytes: [Int: (up: Int64, down: Int64)] = [:]
        var total: Int64 { bytes.values.reduce(0) { $0 + $1.up + $1.down } }
    }

    private let totalCount: Int
    private let report: @isolated(any) @Sendable (GroupProgress) -> Void
    private let counts = Locked(Counts())
    /// Runs the reports one after another, in the order the counts changed.
    private let delivery = CallbackDelivery()

    init(totalCount: Int, report: @escaping @isolated(any) @Sendable (GroupProgress) -> Void) {
        self.totalCount = totalCount
        self.report = report
    }

    /// The progress closure for request `index`.
    func requestProgress(_ index: Int) -> @Sendable (ProgressResponse) -> Void {
        { [self] progress in
            update { counts in
                var moved = counts.bytes[index] ?? (0, 0)
                switch progress.direction {
                case .upload: moved.up = max(moved.up, progress.completedUnitCount)
                case .download: moved.down = max(moved.down, progress.completedUnitCount)
                }
                counts.bytes[index] = moved
            }
        }
    }

    /// Notes that request `index` ended, counting its response body as received.
    func finished(_ index: Int, receiving bytes: Int) {
        update { counts in
            counts.finished += 1
            var moved = counts.bytes[index] ?? (0, 0)
            moved.down = max(moved.down, Int64(bytes))
            counts.bytes[index] = moved
        }
    }

    /// Returns once every report made so far was delivered.
    func flush() async {
        await delivery.flush()
    }

    private func update(_ change: (inout Counts) -> Void) {
        let report = report
        counts.withLock { counts in
            change(&counts)
            let progress = GroupProgress(finishedCount: counts.finished, totalCount: totalCount, bytesMoved: counts.total)
            delivery.send { await CallbackDelivery.call(report, with: progress, on: nil) }
        }
    }
}
