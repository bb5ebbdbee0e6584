/// How far a request has come, handed to the `progress` closure of
/// ``Provider/request(_:callbackQueue:progress:completion:)``.
public struct ProgressResponse: Sendable {
    /// Which way the bytes go.
    public enum Direction: Sendable, Hashable {
        /// The request body, going out.
        case upload
        /// The response body, coming in.
        case download
    }

    /// Which way the bytes counted here go.
    public let direction: Direction
    /// Bytes transferred so far.
    public let completedUnitCount: Int64
    /// Bytes expected in all, or `-1` when unknown.
    public let totalUnitCount: Int64
    /// The response, once it is complete.
    public let response: Response?

    /// Creates a progress report.
    ///
    /// - Parameters:
    ///   - completedUnitCount: Bytes transferred so far.
    ///   - totalUnitCount: Bytes expected in all, or `-1` when unknown.
    ///   - response: The response, once it is complete.
    ///   - direction: Which way the bytes go. Defaults to ``Direction/download``.
    public init(completedUnitCount: Int64, totalUnitCount: Int64, response: Response? = nil,
                direction: Direction = .download) {
        self.direction = direction
        self.completedUnitCount = completedUnitCount
        self.totalUnitCount = totalUnitCount
        self.response = response
    }

    /// The fraction done, from 0 to 1; 1 once the response is complete.
    public var progress: Double {
        if response != nil { return 1 }
        guard totalUnitCount > 0 else { return 0 }
        return min(1, Double(completedUnitCount) / Double(totalUnitCount))
    }

    /// Whether the response is complete.
    public var isCompleted: Bool { response != nil }
}
