import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stubbed streams: the sample response's head at once (after the stub's delay), its body in
/// the pieces and at the pace a ``StubStreamPacing`` sets.
extension StubTransport {
    package func stream(_ request: TransportRequest) async throws -> ResponseStream {
        try await stream(request, pacing: .whole)
    }

    package func stream(_ request: TransportRequest, pacing: StubStreamPacing) async throws -> ResponseStream {
        let whole = try await send(request)
        let head = Response(statusCode: whole.statusCode, data: Data(), request: whole.request, response: whole.response)
        var stream = ResponseStream(response: head, chunks: PacedChunks(pieces: pacing.pieces(of: whole.data),
                                                                       interval: pacing.interval))
        stream.response.isStubbed = true
        return stream
    }
}

/// Pieces of a body, handed out `interval` seconds apart.
struct PacedChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let pieces: [Data]
    let interval: TimeInterval

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<Data>
        let interval: TimeInterval
        var isFirst = true

        mutating func next() async throws -> Data? {
            guard let piece = remaining.popFirst() else { return nil }
            if !isFirst, interval > 0 {
                try await Task.sleep(nanoseconds: UInt64(Swift.min(interval, 1e6) * 1_000_000_000))
            }
            isFirst = false
            return piece
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(remaining: pieces[...], interval: interval)
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
