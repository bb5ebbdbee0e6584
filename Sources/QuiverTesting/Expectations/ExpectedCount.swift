/// How many times an expected request is to be sent: exactly `n` (write the number), at least,
/// or at most.
///
/// ```swift
/// network.expect(.get, "/user", times: 2)
/// network.expect(.post, "/events", times: .atLeast(1))
/// network.expect(.delete, "/account", times: 0)          // never
/// ```
public struct ExpectedCount: Sendable, Hashable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The fewest times.
    let minimum: Int
    /// The most times, or `nil` for no limit.
    let maximum: Int?

    /// Exactly `count` times.
    ///
    /// - Parameter count: The number of times.
    public init(integerLiteral count: Int) {
        minimum = max(0, count)
        maximum = max(0, count)
    }

    private init(minimum: Int, maximum: Int?) {
        let low = max(0, minimum)
        self.minimum = low
        self.maximum = maximum.map { max(low, $0) }
    }

    /// At least `count` times, and as many more as the app sends.
    ///
    /// - Parameter count: The fewest times.
    /// - Returns: The count.
    public static func atLeast(_ count: Int) -> ExpectedCount {
        ExpectedCount(minimum: count, maximum: nil)
    }

    /// At most `count` times, none included.
    ///
    /// - Parameter count: The most times.
    /// - Returns: The count.
    public static func atMost(_ count: Int) -> ExpectedCount {
        ExpectedCount(minimum: 0, maximum: count)
    }

    /// `once`, `2 times`, `at least 1 time`, `at most 3 times`, `never`.
    public var description: String {
        switch (minimum, maximum) {
        case (0, 0?): "never"
        case (1, 1?): "once"
        case (let low, let high?) where low == high: "\(low) times"
        case (0, let high?): "at most \(high) time\(high == 1 ? "" : "s")"
        case (let low, nil): "at least \(low) time\(low == 1 ? "" : "s")"
        case (let low, let high?): "\(low) to \(high) times"
        }
    }
}
