import Foundation
import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension StubScript {
    /// Answers `request` from the script as a stream: the scripted body one Server-Sent Event
    /// (or line, when it holds no blank line) at a time.
    ///
    /// - Parameter request: The request.
    /// - Returns: The scripted response, streamed.
    /// - Throws: The scripted network error, or what the script throws.
    public func stream(_ request: TransportRequest) async throws -> ResponseStream {
        try await stub(answering: request).stream(request, pacing: .events(every: 0))
    }

    /// A script that answers every request with `200` and `events` as a `text/event-stream`
    /// body, streamed one event at a time: an offline SSE server for tests and previews.
    ///
    /// - Parameter events: The events, in order.
    /// - Returns: The transport.
    public static func serverSentEvents(_ events: [ServerSentEvent]) -> StubScript {
        let body = Data(events.map(\.wireFormat).joined().utf8)
        return StubScript { request, _ in
            let head = HTTPURLResponse(url: request.url, statusCode: 200, httpVersion: "HTTP/1.1",
                                       headerFields: ["Content-Type": "text/event-stream"])
            return head.map { .response($0, body) } ?? .networkResponse(200, body)
        }
    }
}
