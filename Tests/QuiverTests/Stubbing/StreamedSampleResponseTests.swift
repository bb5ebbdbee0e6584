import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// `EndpointSampleResponse.streamed`: a stubbed body in timed pieces, as a recorded stream replays.
@Suite struct StreamedSampleResponseTests {
    private let pieces = [SampleChunk(Data("data: 1\n\n".utf8), at: 0),
                          SampleChunk(Data("data: 2\n\n".utf8), at: 0.2),
                          SampleChunk(Data("data: 3\n\n".utf8), at: 0.4)]

    private func provider(_ pieces: [SampleChunk], status: Int = 200) -> Provider<StreamAPI> {
        Provider<StreamAPI>(endpointClosure: { target in
            let endpoint = Provider.defaultEndpointMapping(for: target)
            return endpoint.replacing(sampleResponseClosure: {
                guard let head = HTTPURLResponse(url: exampleBase, statusCode: status, httpVersion: "HTTP/1.1",
                                                 headerFields: ["Content-Type": "text/event-stream"]) else {
                    return .networkError(URLError(.badURL))
                }
                return .streamed(head, pieces)
            })
        }, stubClosure: Provider.immediatelyStub)
    }

    @Test func aStreamGetsEachPieceNoSoonerThanItsTime() async throws {
        let start = DispatchTime.now().uptimeNanoseconds
        var arrivals: [(Data, Double)] = []
        for try await chunk in try await provider(pieces).stream(for: .chat) {
            arrivals.append((chunk, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
        }
        #expect(arrivals.map(\.0) == pieces.map(\.data))
        // Lower bounds only: a busy machine may be late, never early.
        #expect(arrivals[1].1 >= 0.19)
        #expect(arrivals[2].1 >= 0.39)
    }

    @Test func theRecordedPiecesWinOverTheTargetsPacing() async throws {
        // `.chat` paces its sample data event by event; a streamed sample keeps its own pieces.
        let two = [SampleChunk(Data("data: a\n\ndata: b\n\n".utf8), at: 0), SampleChunk(Data("data: c\n\n".utf8), at: 0)]
        var chunks: [Data] = []
        for try await chunk in try await provider(two).stream(for: .chat) {
            chunks.append(chunk)
        }
        #expect(chunks == two.map(\.data))
    }

    @Test func aRequestThatDoesNotStreamGetsThePiecesJoined() async throws {
        let response = try await provider(pieces).response(for: .chat)
        #expect(response.data == Data("data: 1\n\ndata: 2\n\ndata: 3\n\n".utf8))
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")
    }

    @Test func piecesOutOfOrderInTimeComeInTheirOrderWithoutWaiting() async throws {
        let shuffled = [SampleChunk(Data("b".utf8), at: 0.3), SampleChunk(Data("a".utf8), at: 0.1)]
        var chunks: [Data] = []
        for try await chunk in try await provider(shuffled).stream(for: .chat) {
            chunks.append(chunk)
        }
        #expect(chunks == [Data("b".utf8), Data("a".utf8)])
    }
}
