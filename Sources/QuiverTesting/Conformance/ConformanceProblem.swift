/// Why a ``TransportConformance`` check failed, in plain words.
struct ConformanceProblem: Error, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
