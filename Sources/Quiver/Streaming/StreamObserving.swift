/// A plugin that sees streamed responses (``Provider/stream(for:)``) begin and end.
///
/// Every plugin sees a streamed request as any other: ``PluginType/prepare(_:target:)`` and
/// ``PluginType/willSend(_:target:)`` before it goes out, ``PluginType/didReceive(_:target:)``
/// once the head has arrived (a ``Response`` with an empty body) or the request failed, then
/// ``PluginType/process(_:target:)``. A plugin adopting this protocol is told instead, with
/// ``didStartStream(_:target:)``, that the head arrived, and with ``didEndStream(_:target:)``
/// how the body ended, so that what it tracks (activity, timing, byte counts) lasts as long as
/// the stream, without buffering the body.
public protocol StreamObserving: PluginType {
    /// The head of a streamed response arrived and passed validation; the body is about to be
    /// read. Called instead of ``PluginType/didReceive(_:target:)``. The default calls
    /// `didReceive(.success(response), target:)`.
    ///
    /// - Parameters:
    ///   - response: The head; its ``Response/data`` is empty.
    ///   - target: The target, unwrapped from a ``MultiTarget``.
    func didStartStream(_ response: Response, target: any TargetType)

    /// A streamed body ended: read to its end, failed, timed out, or the consumer stopped.
    /// Called once per started stream, on whatever thread ended it; keep it short.
    ///
    /// - Parameters:
    ///   - end: How many bytes were delivered, and why the stream ended early, if it did.
    ///   - target: The target, unwrapped from a ``MultiTarget``.
    func didEndStream(_ end: StreamEnd, target: any TargetType)
}

extension StreamObserving {
    /// Calls ``PluginType/didReceive(_:target:)`` with the head.
    ///
    /// - Parameters:
    ///   - response: The head.
    ///   - target: The target.
    public func didStartStream(_ response: Response, target: any TargetType) {
        didReceive(.success(response), target: target)
    }
}
