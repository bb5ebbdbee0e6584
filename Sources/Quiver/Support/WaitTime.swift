/// Seconds as the nanoseconds that `Task.sleep` and Quiver's deadlines count, and seconds as a
/// time limit: the one rule for every wait Quiver makes (retries, reconnections, stub delays and
/// pacing, minimum durations, deadlines, the transport conformance checks) and every limit it
/// keeps (timeouts, idle limits, minimum durations), whoever chose the seconds: a server's
/// `Retry-After`, a retrier, a stub, a target, a plugin.
///
/// A wait that is not a positive number of seconds (zero, negative, NaN) is none; one longer
/// than ``longest`` (infinity included) is that long. Converting the seconds as they are would
/// trap from about 1.8e10 seconds on (and on infinity or NaN): a `Retry-After` of six centuries
/// under a policy without a cap would have stopped the process. A limit that is not a positive,
/// finite number of seconds is no limit.
package enum WaitTime {
    /// The longest wait, in seconds: about 31 years. Its nanoseconds, added to any uptime,
    /// still fit a `UInt64`.
    package static let longest: Double = 1e9

    /// `seconds` as a time limit: itself when it is a positive, finite number, else `nil` (none).
    package static func limit(_ seconds: Double?) -> Double? {
        guard let seconds, seconds > 0, seconds.isFinite else { return nil }
        return seconds
    }

    /// `seconds` in nanoseconds, clamped as the type says.
    package static func nanoseconds(of seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }
        return UInt64(min(seconds, longest) * 1_000_000_000)
    }

    /// Waits `seconds`, clamped as the type says.
    ///
    /// - Throws: `CancellationError` when the task is cancelled, before or during the wait.
    package static func sleep(seconds: Double) async throws {
        let nanoseconds = nanoseconds(of: seconds)
        guard nanoseconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(nanoseconds: nanoseconds)
    }
}
