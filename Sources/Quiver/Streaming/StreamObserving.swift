/// A plugin that follows a streamed response (``Provider/stream(for:)``) past its head: each
/// chunk of the body as the consumer gets it, and how the body ended.
///
/// Every plugin sees a streamed request as any other: ``PluginType/prepare(_:target:)`` and
/// ``PluginType/willSend(_:target:)`` before it goes out, ``PluginType/didReceive(_:target:)``
/// once the head has arrived (a ``Response`` with an empty body) or the request failed, then
/// ``PluginType/process(_:target:)``. A plugin adopting this protocol is handed the accepted
/// head with ``observeStream(_:target:)`` instead of `didReceive`, and returns what is to follow
/// that one stream's body, so that what it tracks (activity, timing, byte counts, a recording)
/// lasts as long as the stream, without buffering the body for the others.
///
/// ```swift
/// struct ByteCounter: StreamObserving {
///     let report: @Sendable (String, Int64) -> Void
///
///     func observeStream(_ head: Response, target: any TargetType) -> StreamObservation? {
///         StreamObservation { end in report(target.path, end.byteCount) }
///     }
/// }
/// ```
public protocol StreamObserving: PluginType {
    /// The head of a streamed response arrived and passed validation; the body is about to be
    /// read. Called instead of ``PluginType/didReceive(_:target:)`` (a plugin that also adopts
    /// ``AttemptObserving`` hears the head in ``AttemptObserving/didReceive(_:target:attempt:)``
    /// first).
    ///
    /// - Parameters:
    ///   - head: The head; its ``Response/data`` is empty.
    ///   - target: The target, unwrapped from a ``MultiTarget``.
    /// - Returns: What follows this stream's body, or `nil` to follow nothing.
    func observeStream(_ head: Response, target: any TargetType) -> StreamObservation?
}
