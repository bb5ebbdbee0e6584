import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Quiver

/// A transport that never touches the network: it records what it was asked to send and
/// answers with a canned status and body, or throws a canned error.
final class RecordingTransport: HTTPTransport {
    enum Answer: Sendable {
        case status(Int, Data)
        case failure(any Error)
        /// Waits (cancellably) before answering 200.
        case delay(TimeInterval)
    }

    private let answer: Answer
    private let sent = Locked([TransportRequest]())

    init(_ answer: Answer = .status(200, Data())) {
        self.answer = answer
    }

    /// Every request sent so far, in order.
    var requests: [TransportRequest] { sent.withLock { $0 } }

    func send(_ request: TransportRequest) async throws -> Response {
        sent.withLock { $0.append(request) }
        let url = request.url
        switch answer {
        case .status(let code, let data):
            let http = HTTPURLResponse(url: url, statusCode: code, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])
            return Response(statusCode: code, data: data, response: http)
        case .failure(let error):
            throw error
        case .delay(let seconds):
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            return Response(statusCode: 200, data: Data())
        }
    }
}
