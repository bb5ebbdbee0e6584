/// A streamed request is active until its body ends, not when its head arrives.
extension NetworkActivityPlugin: StreamObserving {
    /// Reports ``Change/ended`` when the body ends, not now: the stream is still active.
    ///
    /// - Parameters:
    ///   - head: The head.
    ///   - target: The target.
    /// - Returns: The observation that reports the end.
    public func observeStream(_ head: Response, target: any TargetType) -> StreamObservation? {
        StreamObservation { _ in networkActivityClosure(.ended, target) }
    }
}
