import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Quiver

/// A transport that plays an origin server for cache tests: answers each request by a rule of
/// the test's with header fields in order (repeated names kept apart), and records what it was
/// sent.
final class OriginTransport: HTTPTransport {
    /// What the origin answers.
    struct Answer: Sendable {
        var status = 200
        var fields: [(String, String)] = []
        var body = Data("{}".utf8)
    }

    typealias Rule = @Sendable (_ request: TransportRequest, _ count: Int) throws -> Answer

    private let rule: Rule
    private let sent = Locked([TransportRequest]())
    /// The `Cookie` field the transport says it adds, as a cookie jar would.
    let cookies = Locked<String?>(nil)

    init(_ rule: @escaping Rule) {
        self.rule = rule
    }

    /// Every request sent so far, in order.
    var requests: [TransportRequest] { sent.withLock { $0 } }

    /// How many requests were sent.
    var count: Int { requests.count }

    func send(_ request: TransportRequest) async throws -> Response {
        let count = sent.withLock { sent -> Int in
            sent.append(request)
            return sent.count
        }
        let answer = try rule(request, count)
        return Response(statusCode: answer.status, data: answer.body, url: request.url,
                        headers: answer.fields.map { (name: $0.0, value: $0.1) })
    }

    func cookieHeader(for url: URL) -> String? {
        cookies.withLock { $0 }
    }
}

/// A clock a test moves by hand.
final class TestClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    /// The time now.
    var now: Date { current.withLock { $0 } }

    /// Moves the clock `seconds` on.
    func advance(_ seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }

    /// `date` as an HTTP date.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
