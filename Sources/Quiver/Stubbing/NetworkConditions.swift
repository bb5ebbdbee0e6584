import Foundation

/// The network a stub answers through: how long an answer takes, how fast its body arrives,
/// and how often the request fails, for testing how an app behaves when the network is bad.
///
/// ```swift
/// let slow = Provider<API>(stubClosure: { _ in .conditions(.slow3G().timeScaled(0.01)) })
/// let flaky = StubNetwork(conditions: .flaky(seed: 42))
/// ```
///
/// The stub is still a transport: retries, credential refresh, timeouts and progress run as
/// they do live. What is drawn at random is drawn from `seed`, request after request, so the
/// same conditions made with the same seed give the same sequence and a failing test
/// reproduces; each value made by an initializer or a preset starts its own sequence (copies of
/// it share one).
///
/// Time runs at ``timeScaled(_:)``'s factor: `timeScaled(0.01)` turns a 3-second latency into
/// 30 milliseconds of waiting. Everything the conditions simulate is scaled (latency, the body's
/// pace, a timeout that never answers), and compared as simulated time: a latency longer than
/// the request's timeout still ends in a timeout. What the code under test waits for itself is
/// not: a retry policy's backoff and a `Retry-After` run on the real clock, so give a scripted
/// `503` a small `Retry-After`.
public struct NetworkConditions: Sendable, Hashable {
    /// How a request fails.
    public enum Failure: Sendable, Hashable {
        /// No network: `URLError(.notConnectedToInternet)`, at once.
        case offline
        /// No answer: the request's timeout fires (`URLError(.timedOut)` after it; 60 seconds
        /// for a request without one).
        case timeout
        /// The connection drops before an answer: `URLError(.networkConnectionLost)`, after
        /// the latency.
        case connectionLost
        /// The server is overloaded: a `503` with `Retry-After: retryAfter` (seconds).
        case unavailable(retryAfter: Int)
    }

    /// The time before the answer's head, in seconds (simulated).
    let latency: TimeInterval
    /// How far the latency may stray either way, drawn evenly.
    let jitter: TimeInterval
    /// The pace of the body, or `nil` for all at once.
    let bytesPerSecond: Int?
    /// The share of requests that fail, from 0 to 1.
    let failureRate: Double
    /// The failures drawn from, evenly, for a request that fails.
    let failures: [Failure]
    /// The share of answered requests whose connection drops halfway through the body.
    let dropRate: Double
    /// Where the random sequence starts.
    let seed: UInt64
    /// Simulated seconds to real seconds.
    private(set) var timeScale: Double
    /// The sequence's position, shared by copies.
    let draws: Draws

    /// Creates conditions.
    ///
    /// - Parameters:
    ///   - latency: The time before the answer's head, in seconds. Defaults to none.
    ///   - jitter: How far the latency may stray either way, drawn evenly. Defaults to none.
    ///   - bytesPerSecond: The pace of the body, with progress reported as it arrives; `nil`
    ///     (the default) delivers it at once.
    ///   - failureRate: The share of requests that fail, from 0 to 1. Defaults to none.
    ///   - failures: What a failing request suffers, drawn evenly. Defaults to a dropped connection.
    ///   - dropRate: The share of answered requests whose connection drops halfway through the
    ///     body (`URLError(.networkConnectionLost)`, after half the progress). Defaults to none.
    ///   - seed: Where the random sequence starts. Defaults to 0.
    public init(latency: TimeInterval = 0, jitter: TimeInterval = 0, bytesPerSecond: Int? = nil,
                failureRate: Double = 0, failures: [Failure] = [.connectionLost], dropRate: Double = 0,
                seed: UInt64 = 0) {
        self.latency = max(0, latency)
        self.jitter = max(0, jitter)
        self.bytesPerSecond = bytesPerSecond.map { max(1, $0) }
        self.failureRate = min(1, max(0, failureRate))
        self.failures = failures.isEmpty ? [.connectionLost] : failures
        self.dropRate = min(1, max(0, dropRate))
        self.seed = seed
        self.timeScale = 1
        self.draws = Draws()
    }

    /// No network at all: every request fails at once with `URLError(.notConnectedToInternet)`.
    public static var offline: NetworkConditions {
        NetworkConditions(failureRate: 1, failures: [.offline])
    }

    /// A slow mobile link: 400 ms (± 100 ms) to the head, the body at 50 kB/s; nothing fails.
    ///
    /// - Parameter seed: Where the random sequence starts.
    /// - Returns: The conditions.
    public static func slow3G(seed: UInt64 = 0) -> NetworkConditions {
        NetworkConditions(latency: 0.4, jitter: 0.1, bytesPerSecond: 50_000, seed: seed)
    }

    /// A link that fails often: 100 ms (± 50 ms) to the head; one request in four fails (a
    /// dropped connection, a timeout, or a `503` with `Retry-After: 1`), and one answer in ten
    /// drops halfway through its body.
    ///
    /// - Parameter seed: Where the random sequence starts.
    /// - Returns: The conditions.
    public static func flaky(seed: UInt64 = 0) -> NetworkConditions {
        NetworkConditions(latency: 0.1, jitter: 0.05, failureRate: 0.25,
                          failures: [.connectionLost, .timeout, .unavailable(retryAfter: 1)], dropRate: 0.1, seed: seed)
    }

    /// These conditions with simulated time running at `factor` of real time: `0.01` waits
    /// 30 ms for a 3-second latency. The sequence starts again from the seed.
    ///
    /// - Parameter factor: Real seconds per simulated second; 1 is real time.
    /// - Returns: The scaled conditions.
    public func timeScaled(_ factor: Double) -> NetworkConditions {
        var scaled = NetworkConditions(latency: latency, jitter: jitter, bytesPerSecond: bytesPerSecond,
                                       failureRate: failureRate, failures: failures, dropRate: dropRate, seed: seed)
        scaled.timeScale = max(0, factor)
        return scaled
    }

    /// Whether two values describe the same conditions (where each one's sequence stands aside).
    public static func == (lhs: NetworkConditions, rhs: NetworkConditions) -> Bool {
        (lhs.latency, lhs.jitter, lhs.bytesPerSecond, lhs.failureRate) == (rhs.latency, rhs.jitter, rhs.bytesPerSecond, rhs.failureRate)
            && (lhs.dropRate, lhs.seed, lhs.timeScale) == (rhs.dropRate, rhs.seed, rhs.timeScale)
            && lhs.failures == rhs.failures
    }

    /// Hashes what `==` compares.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(latency)
        hasher.combine(jitter)
        hasher.combine(bytesPerSecond)
        hasher.combine(failureRate)
        hasher.combine(failures)
        hasher.combine(dropRate)
        hasher.combine(seed)
        hasher.combine(timeScale)
    }
}
