import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
@testable import QuiverTesting

/// Streams in fixtures: recorded by `RecordingPlugin` with their timing, written as pieces,
/// replayed at their recorded pace, scaled, or at once.
@Suite struct StreamRecordingTests {
    private let request = Fixture.Request(method: "GET", path: "/events")

    /// A "live" stream: a stub answering with these timed pieces and a secret header.
    private func live(_ pieces: [SampleChunk], plugins: [any PluginType], stub: StubBehavior = .immediate) -> Provider<GenericTarget> {
        Provider<GenericTarget>(endpointClosure: { target in
            Provider.defaultEndpointMapping(for: target).replacing(sampleResponseClosure: {
                guard let head = HTTPURLResponse(url: exampleBase, statusCode: 200, httpVersion: "HTTP/1.1",
                                                 headerFields: ["Content-Type": "text/event-stream", "Set-Cookie": "session=COOKIE-SECRET"]) else {
                    return .networkError(URLError(.badURL))
                }
                return .streamed(head, pieces)
            })
        }, stubClosure: { _ in stub }, plugins: plugins)
    }

    private let events = GenericTarget(baseURL: exampleBase, path: "events", headers: ["Authorization": "Bearer TOKEN-1234567"])

    private func read(_ stream: ResponseStream) async throws -> [Data] {
        var chunks: [Data] = []
        for try await chunk in stream { chunks.append(chunk) }
        return chunks
    }

    // MARK: The file

    @Test func aStreamedFixtureIsWrittenAsTimedPiecesAndReadBack() throws {
        let fixture = Fixture(request: request, statusCode: 200, headers: ["Content-Type": "text/event-stream"],
                              body: Data("data: 1\n\ndata: 2\n\n".utf8),
                              chunks: [Fixture.Chunk(byteCount: 9, at: 0), Fixture.Chunk(byteCount: 9, at: 0.25)])
        let file = String(decoding: try fixture.fileData(), as: UTF8.self)
        #expect(file.contains(#""stream" : ["#), "\(file)")
        #expect(file.contains(#""text" : "data: 2\n\n""#), "\(file)")
        #expect(file.contains(#""at" : 0.25"#), "\(file)")
        #expect(!file.contains("bodyText"))
        #expect(try Fixture(fileData: Data(file.utf8)) == fixture)
    }

    @Test func aPieceThatIsNotTextOnItsOwnIsWrittenAsBase64() throws {
        // "é" is two bytes; the pieces cut it in half.
        let body = Data("é".utf8)
        let fixture = Fixture(request: request, statusCode: 200, body: body,
                              chunks: [Fixture.Chunk(byteCount: 1, at: 0), Fixture.Chunk(byteCount: 1, at: 0.1)])
        let file = String(decoding: try fixture.fileData(), as: UTF8.self)
        #expect(file.contains(#""base64" : "w6E=""#) || file.contains(#""base64" : "ww==""#), "\(file)")
        #expect(try Fixture(fileData: Data(file.utf8)).body == body)
    }

    @Test func aPieceWithoutBytesOrWithANegativeTimeIsRefused() {
        for piece in [#"{ "at": 0 }"#, #"{ "at": -1, "text": "x" }"#, #"{ "at": 0, "base64": "%%" }"#] {
            let file = #"{ "request": { "method": "GET", "path": "/" }, "status": 200, "stream": [ "# + piece + " ] }"
            #expect(throws: DecodingError.self) { try Fixture(fileData: Data(file.utf8)) }
        }
    }

    @Test func piecesAreCutFromTheBodyWhateverTheirCountsSay() {
        let fixture = Fixture(request: request, statusCode: 200, body: Data("abcdef".utf8),
                              chunks: [Fixture.Chunk(byteCount: 2, at: 0), Fixture.Chunk(byteCount: 99, at: 1), Fixture.Chunk(byteCount: 1, at: 2)])
        #expect(fixture.pieces().map { String(decoding: $0.data, as: UTF8.self) } == ["ab", "cdef"])
        let short = Fixture(request: request, statusCode: 200, body: Data("abcdef".utf8), chunks: [Fixture.Chunk(byteCount: 2, at: 0.5)])
        #expect(short.pieces().map { String(decoding: $0.data, as: UTF8.self) } == ["ab", "cdef"])
        #expect(short.pieces().map(\.time) == [0.5, 0.5])
    }

    @Test func theReplayScalesTheTimes() throws {
        let fixture = Fixture(request: request, statusCode: 200, body: Data("ab".utf8),
                              chunks: [Fixture.Chunk(byteCount: 1, at: 0.5), Fixture.Chunk(byteCount: 1, at: 1)])
        for (scale, times) in [(1.0, [0.5, 1]), (0.1, [0.05, 0.1]), (0, [0, 0]), (-3, [0, 0]), (.infinity, [0.5, 1])] {
            guard case .streamed(_, let pieces) = fixture.sampleResponse(for: exampleBase, timeScale: scale) else {
                Issue.record("expected a streamed answer")
                return
            }
            #expect(pieces.map(\.time) == times, "scale \(scale)")
            #expect(pieces.map(\.data) == [Data("a".utf8), Data("b".utf8)])
        }
    }

    // MARK: Recording

    @Test func aStreamIsRecordedWithItsPiecesAndTheirTimesRedacted() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pieces = [SampleChunk(Data("data: hello\n\n".utf8), at: 0), SampleChunk(Data("data: token TOKEN-1234567\n\n".utf8), at: 0.1),
                      SampleChunk(Data("data: bye\n\n".utf8), at: 0.2)]
        let provider = live(pieces, plugins: [RecordingPlugin(directory: folder.url)])
        let stream = try await provider.stream(for: events)
        // Nothing is written before the body has ended.
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("GET-events.json").path))
        #expect(try await read(stream) == pieces.map(\.data))

        let file = folder.url.appendingPathComponent("GET-events.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("TOKEN-1234567"))
        #expect(!text.contains("COOKIE-SECRET"))
        let fixture = try Fixture(fileData: Data(contentsOf: file))
        #expect(fixture.pieces().map { String(decoding: $0.data, as: UTF8.self) }
            == ["data: hello\n\n", "data: token <redacted>\n\n", "data: bye\n\n"])
        // When each reached the loop: never sooner than the stub sent it (a busy machine may be late).
        let times = fixture.chunks.map(\.time)
        #expect(times == times.sorted())
        #expect(times[1] >= 0.09)
        #expect(times[2] >= 0.19)
        #expect(fixture.headers["Content-Type"] == "text/event-stream")
    }

    @Test func aSecretSplitAcrossTwoPiecesJoinsThem() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pieces = [SampleChunk(Data("data: a\n\ndata: TOKEN-12".utf8), at: 0), SampleChunk(Data("34567\n\n".utf8), at: 0),
                      SampleChunk(Data("data: z\n\n".utf8), at: 0)]
        _ = try await read(live(pieces, plugins: [RecordingPlugin(directory: folder.url)]).stream(for: events))
        let text = try String(contentsOf: folder.url.appendingPathComponent("GET-events.json"), encoding: .utf8)
        #expect(!text.contains("TOKEN-12"))
        #expect(!text.contains("34567"))
        let fixture = try Fixture(fileData: Data(contentsOf: folder.url.appendingPathComponent("GET-events.json")))
        #expect(fixture.pieces().map { String(decoding: $0.data, as: UTF8.self) }
            == ["data: a\n\ndata: <redacted>\n\n", "data: z\n\n"])
    }

    @Test func aConsumerThatStopsEarlyRecordsWhatItRead() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pieces = [SampleChunk(Data("data: 1\n\n".utf8), at: 0), SampleChunk(Data("data: 2\n\n".utf8), at: 0)]
        for try await _ in try await live(pieces, plugins: [RecordingPlugin(directory: folder.url)]).stream(for: events) {
            break
        }
        let fixture = try Fixture(fileData: Data(contentsOf: folder.url.appendingPathComponent("GET-events.json")))
        #expect(fixture.body == Data("data: 1\n\n".utf8))
    }

    @Test func aStreamThatFailsIsNotRecorded() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let dropping = NetworkConditions(dropRate: 1, seed: 1)
        let pieces = (0..<4).map { SampleChunk(Data("data: \($0)\n\n".utf8), at: 0) }
        let provider = live(pieces, plugins: [RecordingPlugin(directory: folder.url)], stub: .conditions(dropping))
        await #expect(throws: QuiverError.self) {
            for try await _ in try await provider.stream(for: events) {}
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func piecesPastTheLimitAreDroppedAndTheStreamIsNotRecorded() {
        var kept = StreamPieces()
        kept.append(Data(count: StreamPieces.limit - 1), at: 0.0004)
        #expect(kept.isWithinLimit)
        #expect(kept.pieces.map(\.time) == [0])
        kept.append(Data(count: 2), at: 1)
        #expect(!kept.isWithinLimit)
        #expect(kept.pieces.isEmpty)
        kept.append(Data(count: 1), at: 2)
        #expect(kept.pieces.isEmpty)
    }

    @Test func theStreamsHeadAloneIsNeverRecorded() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let provider = live([SampleChunk(Data("data: 1\n\n".utf8), at: 0)], plugins: [RecordingPlugin(directory: folder.url)])
        let stream = try await provider.stream(for: events)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        // Given up before a byte was read: there is nothing to record either.
        stream.cancel()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    // MARK: Replaying

    @Test func aRecordedStreamReplaysInItsPiecesScaledOrAtOnce() async throws {
        let fixture = Fixture(request: request, statusCode: 200, headers: ["Content-Type": "text/event-stream"],
                              body: Data("data: 1\n\ndata: 2\n\n".utf8),
                              chunks: [Fixture.Chunk(byteCount: 9, at: 0), Fixture.Chunk(byteCount: 9, at: 0.4)])
        func replay(_ scale: Double) async throws -> (chunks: [Data], seconds: Double) {
            let provider = Provider<GenericTarget>(endpointClosure: Provider.replayingFixtures(["GET-events.json": fixture], streamTimeScale: scale),
                                                   stubClosure: Provider.immediatelyStub)
            let start = DispatchTime.now().uptimeNanoseconds
            let chunks = try await read(provider.stream(for: events))
            return (chunks, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let pieces = [Data("data: 1\n\n".utf8), Data("data: 2\n\n".utf8)]
        let asRecorded = try await replay(1)
        #expect(asRecorded.chunks == pieces)
        #expect(asRecorded.seconds >= 0.39)
        let faster = try await replay(0.5)
        #expect(faster.chunks == pieces)
        #expect(faster.seconds >= 0.19)
        #expect(try await replay(0).chunks == pieces)
        // A request that does not stream gets the whole body.
        let whole = try await Provider<GenericTarget>(endpointClosure: Provider.replayingFixtures(["GET-events.json": fixture]),
                                                      stubClosure: Provider.immediatelyStub).response(for: events)
        #expect(whole.data == fixture.body)
    }
}
