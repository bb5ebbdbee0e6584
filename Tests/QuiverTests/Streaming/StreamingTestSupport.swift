import Foundation
@testable import Quiver

/// Targets for the streaming unit tests: stubbed, paced, with an idle limit.
enum StreamAPI: TargetType, StreamTimeoutProviding, StubStreamPacingProviding {
    case chat
    case feed
    case slow
    case missing

    var baseURL: URL { exampleBase }
    var path: String { "\(self)" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }

    var sampleData: Data {
        switch self {
        case .chat, .slow:
            Data("data: {\"text\":\"Hel\"}\n\ndata: {\"text\":\"lo\"}\n\n: ping\n\ndata: [DONE]\n\n".utf8)
        case .feed:
            Data("{\"n\":1}\n{\"n\":2}\n\n{\"n\":3}\n".utf8)
        case .missing:
            Data("{\"error\":\"no such stream\"}".utf8)
        }
    }

    var streamIdleTimeout: TimeInterval? { 5 }

    var sampleStreamPacing: StubStreamPacing {
        switch self {
        case .slow: .events(every: 30)
        case .feed: .chunks(of: 3, every: 0)
        default: .events(every: 0.01)
        }
    }
}

struct Delta: Decodable, Equatable {
    let text: String
}

struct Numbered: Decodable, Equatable {
    let n: Int
}

/// An endless body that counts what it produced and whether its iteration was cancelled.
struct EndlessChunks: AsyncSequence, Sendable {
    typealias Element = Data
    static let chunkSize = 16 << 10
    let produced: Locked<Int>
    let cancelled: Locked<Bool>

    /// Marks the body stopped when its iterator goes away: its reader gave up.
    final class StopMarker {
        let stopped: Locked<Bool>
        init(_ stopped: Locked<Bool>) { self.stopped = stopped }
        deinit { stopped.withLock { $0 = true } }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let produced: Locked<Int>
        let marker: StopMarker

        mutating func next() async throws -> Data? {
            try Task.checkCancellation()
            produced.withLock { $0 += EndlessChunks.chunkSize }
            return Data(repeating: 0x2A, count: EndlessChunks.chunkSize)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(produced: produced, marker: StopMarker(cancelled))
    }
}

/// A transport whose streams are endless bodies (``EndlessChunks``).
struct EndlessTransport: HTTPTransport {
    let produced = Locked(0)
    let cancelled = Locked(false)

    func send(_ request: TransportRequest) async throws -> Response {
        Response(statusCode: 200, data: Data())
    }

    func stream(_ request: TransportRequest) async throws -> ResponseStream {
        ResponseStream(response: Response(statusCode: 200, data: Data()),
                       chunks: EndlessChunks(produced: produced, cancelled: cancelled))
    }
}
