import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Quiver

/// A transport that answers each request by a rule of the test's, and records what it was sent.
final class ScriptedTransport: HTTPTransport {
    typealias Rule = @Sendable (_ request: URLRequest, _ attempt: Int) throws -> (status: Int, headers: [String: String], body: Data)

    private let rule: Rule
    private let sent = Locked([URLRequest]())

    init(_ rule: @escaping Rule) {
        self.rule = rule
    }

    /// Every request sent so far, in order.
    var requests: [URLRequest] { sent.withLock { $0 } }

    /// The `Authorization` header of every request sent so far.
    var authorizations: [String?] { requests.map { $0.value(forHTTPHeaderField: "Authorization") } }

    func send(_ request: TransportRequest) async throws -> Response {
        let attempt = sent.withLock { sent -> Int in
            sent.append(request.urlRequest)
            return sent.count
        }
        let answer = try rule(request.urlRequest, attempt)
        let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
        let http = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)
        return Response(statusCode: answer.status, data: answer.body, request: request.urlRequest, response: http)
    }
}
