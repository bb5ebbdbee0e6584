import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stubbed streams: the sample response's head at once (after the stub's delay), its body in
/// the pieces and at the pace a ``StubStreamPacing`` sets, or at the times of a `.streamed` sample.
extension StubTransport {
    package func stream(_ request: TransportRequest) async throws -> ResponseStream {
        try await stream(request, pacing: .whole)
    }

    package func stream(_ request: TransportRequest, pacing: StubStreamPacing) async throws -> ResponseStream {
        let (whole, outcome, recorded) = try await send(request, deliveringBody: false)
        let head = Response(statusCode: whole.statusCode, data: Data(), request: whole.request, response: whole.response)
        var chunks = PacedChunks(pieces: recorded ?? pacing.pieces(of: whole.data))
        if case .conditions(let conditions) = behavior, let outcome {
            // Under network conditions the pieces also come at the link's pace, and a dropped
            // connection ends the stream halfway with an error.
            chunks.conditions = conditions
            chunks.dropsAfter = outcome.drops ? chunks.pieces.count / 2 : nil
        }
        var stream = ResponseStream(response: head, chunks: chunks)
        stream.response.isStubbed = true
        return stream
    }
}

/// Pieces of a body, each handed out at its time: seconds after the first was asked for, which
/// is when the stream's pump starts, with its head.
struct PacedChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let pieces: [SampleChunk]
    /// The network the pieces cross, which paces them by its bandwidth, if any.
    var conditions: NetworkConditions?
    /// How many pieces arrive before the connection drops, if it does.
    var dropsAfter: Int?

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<SampleChunk>
        let conditions: NetworkConditions?
        var dropsAfter: Int?
        /// The time of the piece handed out last.
        var clock: TimeInterval = 0

        mutating func next() async throws -> Data? {
            if dropsAfter == 0 {
                throw URLError(.networkConnectionLost)
            }
            guard let piece = remaining.popFirst() else { return nil }
            if piece.time > clock {
                try await WaitTime.sleep(seconds: piece.time - clock)
            }
            if let conditions, let pace = conditions.bytesPerSecond {
                try await conditions.wait(Double(piece.data.count) / Double(pace))
            }
            clock = Swift.max(clock, piece.time)
            dropsAfter = dropsAfter.map { $0 - 1 }
            return piece.data
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(remaining: pieces[...], conditions: conditions, dropsAfter: dropsAfter)
    }
}

/// A stubbed target's transport for streams: its sample data in the target's pieces.
struct PacedStubTransport: HTTPTransport {
    let stub: StubTransport
    let pacing: StubStreamPacing

    func send(_ request: TransportRequest) async throws -> Response {
        try await stub.send(request)
    }

    func stream(_ request: TransportRequest) async throws -> ResponseStream {
        try await stub.stream(request, pacing: pacing)
    }
}
