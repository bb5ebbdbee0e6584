import Foundation

/// A piece of a stubbed streamed body and when it arrives: what
/// ``EndpointSampleResponse/streamed(_:_:)`` answers with, such as a recorded stream replayed.
///
/// ```swift
/// .streamed(head, [SampleChunk(Data("data: 1\n\n".utf8), at: 0),
///                  SampleChunk(Data("data: 2\n\n".utf8), at: 0.25)])
/// ```
public struct SampleChunk: Sendable, Hashable {
    /// The bytes of the piece.
    public var data: Data
    /// When the piece arrives, in seconds after the response head.
    public var time: TimeInterval

    /// Creates a piece of a streamed body.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - time: When they arrive, in seconds after the response head.
    public init(_ data: Data, at time: TimeInterval) {
        self.data = data
        self.time = time
    }
}
