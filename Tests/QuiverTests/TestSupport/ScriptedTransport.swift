import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Quiver

/// A transport that answers each request by a rule of the test's, and records what it was sent.
final class ScriptedTransport: HTTPTransport {
    typealias Rule = @Sendable (_ request: TransportRequest, _ attempt: Int) throws -> (status: Int, headers: [String: String], body: Data)

    private let rule: Rule
    private let sent = Locked([TransportRequest]())

    init(_ rule: @escaping Rule) {
        self.rule = rule
    }

    /// Every request sent so far, in order.
    var requests: [TransportRequest] { sent.withLock { $0 } }

    /// The `Authorization` header of every request sent so far.
    var authorizations: [String?] { requests.map { $0.value(forHTTPHeaderField: "Authorization") } }

    func send(_ request: TransportRequest) async throws -> Response {
        let attempt = sent.withLock { sent -> Int in
            sent.append(request)
            return sent.count
        }
        let answer = try rule(request, attempt)
        let url = request.url
        let http = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)
        return Response(statusCode: answer.status, data: answer.body, response: http)
    }
}
