/// The attempt an ``AttemptObserving`` plugin is told of: which one of its request it is, why it
/// is made, and the header fields the plugin adds to it.
///
/// ```swift
/// func startAttempt(for request: URLRequest, target: any TargetType,
///                   context: inout AttemptContext) -> UUID {
///     let id = UUID()
///     context.setValue(id.uuidString, forHTTPHeaderField: "X-Attempt-ID")
///     if context.reason == .retry { retries.increment() }
///     return id
/// }
/// ```
public struct AttemptContext: Sendable {
    /// Why an attempt is made. Its raw value (`first`, `retry`, `challenge`) is the name a
    /// metric label or span attribute carries.
    public enum Reason: String, Sendable, Equatable {
        /// The request's first attempt.
        case first
        /// A retry after a failure or a status that a retrier or the ``RetryPolicy`` retries.
        case retry
        /// The answer to a `401` challenge, with a credential that was refreshed or found for it.
        case challenge
    }

    /// The attempt's number: 1 for the first, 2 for the one after it, and so on.
    public let number: Int
    /// Why it is made.
    public let reason: Reason
    /// The header fields set so far, in order.
    private(set) var addedFields: [(name: String, value: String)] = []

    /// Creates the context of attempt `number`.
    init(number: Int, reason: Reason) {
        self.number = number
        self.reason = reason
    }

    /// Sets a header field on the attempt's request (replacing one of the same name), after
    /// every observing plugin was told of the attempt; the provider checks it first, and an
    /// invalid name or a value with CR, LF or NUL fails the attempt with
    /// ``QuiverError/invalidRequest(_:)`` before anything is sent.
    ///
    /// - Parameters:
    ///   - value: The field's value.
    ///   - field: The field's name.
    public mutating func setValue(_ value: String, forHTTPHeaderField field: String) {
        addedFields.append((field, value))
    }
}
