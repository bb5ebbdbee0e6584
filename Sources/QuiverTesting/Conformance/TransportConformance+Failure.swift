extension TransportConformance {
    /// A check that failed, and what went wrong.
    public struct Failure: Sendable, Hashable, CustomStringConvertible {
        /// The check.
        public let check: Check
        /// What went wrong, in plain words.
        public let message: String

        /// `check: what it requires — what went wrong`.
        public var description: String {
            "\(check.rawValue) (\(check)): \(message)"
        }
    }
}
