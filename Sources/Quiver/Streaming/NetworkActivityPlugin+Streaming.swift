/// A streamed request is active until its body ends, not when its head arrives.
extension NetworkActivityPlugin: StreamObserving {
    /// Reports nothing: the stream is still active.
    ///
    /// - Parameters:
    ///   - response: The head.
    ///   - target: The target.
    public func didStartStream(_ response: Response, target: any TargetType) {}

    /// Reports ``Change/ended``.
    ///
    /// - Parameters:
    ///   - end: How the stream ended.
    ///   - target: The target.
    public func didEndStream(_ end: StreamEnd, target: any TargetType) {
        networkActivityClosure(.ended, target)
    }
}
