/// How a streamed response ended, as plugins hear of it (see ``StreamObserving``).
public struct StreamEnd: Sendable {
    /// The body bytes handed to the consumer.
    public let byteCount: Int64
    /// Why the stream ended early: the transport failed, a timeout passed, or the consumer
    /// stopped (``QuiverError/cancelled(_:)``, also when it left its loop with `break`); `nil`
    /// when the whole body was delivered.
    public let error: QuiverError?

    /// Creates the end of a stream (for tests of a plugin).
    ///
    /// - Parameters:
    ///   - byteCount: The body bytes handed to the consumer.
    ///   - error: Why the stream ended early, or `nil` when it was read to its end.
    init(byteCount: Int64, error: QuiverError?) {
        self.byteCount = byteCount
        self.error = error
    }

    /// Whether the whole body was delivered.
    public var isComplete: Bool { error == nil }
}
