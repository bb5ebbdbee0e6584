extension TransportConformance {
    /// The outcome of a ``TransportConformance`` run: thrown by
    /// ``TransportConformance/verify(_:)`` when a check failed.
    public struct Report: Error, Sendable, CustomStringConvertible {
        /// The checks that passed, in the order they ran.
        public let passed: [Check]
        /// The checks that failed, with why, in the order they ran.
        public let failures: [Failure]

        /// Whether every check that ran passed.
        public var isPassing: Bool { failures.isEmpty }

        /// The checks that failed.
        public var failedChecks: [Check] { failures.map(\.check) }

        /// One line per failed check, or a line saying that all passed.
        public var description: String {
            guard !isPassing else { return "The transport passed all \(passed.count) conformance checks." }
            let lines = failures.map { "- \($0)" }
            return "The transport failed \(failures.count) of \(passed.count + failures.count) conformance checks:\n"
                + lines.joined(separator: "\n")
        }
    }
}
