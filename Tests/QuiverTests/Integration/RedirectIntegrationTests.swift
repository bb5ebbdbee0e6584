import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Redirects through the fault server's two ports (two origins): credentials stay with their
/// origin, bodies survive `307`/`308` (and only those), and an endless chain ends in an error.
@Suite(.requiresFaultServer) struct RedirectIntegrationTests {
    /// Cookies from the session's storage are switched off, so that the `Cookie` the echo shows
    /// can only be the one the request set (cookies are not scoped by port).
    let provider = Provider<GenericTarget>(transport: TransportUnderTest.cookieless)

    static let credentials = ["Authorization": "Bearer secret", "Cookie": "a=b", "Proxy-Authorization": "x"]
    static let headers = credentials.merging(["X-Keep": "1"]) { $1 }

    private var origin: URL { TestServers.fault ?? TestServers.unconfigured }
    private var otherOrigin: URL { TestServers.faultOtherOrigin ?? TestServers.unconfigured }

    /// `/redirect` on `base`, answering `status` with `Location: to`.
    private func redirect(on base: URL, status: Int = 302, to location: String) -> URL {
        url(base, "/redirect", query: ["status": String(status), "to": location])
    }

    private func send(_ start: URL, method: HTTPMethod = .get, task: HTTPTask = .plain,
                      headers: [String: String] = headers) async throws -> (FaultEcho, Response) {
        let target = GenericTarget(baseURL: start, method: method, task: task, headers: headers, timeout: 10)
        let response = try await provider.response(for: target)
        return (try response.decode(FaultEcho.self), response)
    }

    // MARK: Credentials

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectToAnotherOriginDropsTheCredentials(status: Int) async throws {
        let start = redirect(on: origin, status: status, to: otherOrigin.absoluteString + "/echo")
        let (echo, response) = try await send(start)
        #expect(response.response?.url?.port == otherOrigin.port, "did not end on the other origin")
        #expect(echo.path == "/echo")
        for name in Self.credentials.keys {
            #expect(echo.header(name) == nil, "\(name) crossed to another origin")
        }
        #expect(echo.header("X-Keep") == "1")
    }

    @Test(arguments: ["/echo", "absolute"])
    func aRedirectWithinTheOriginKeepsTheCredentials(location: String) async throws {
        let to = location == "absolute" ? origin.absoluteString + "/echo" : location
        let (echo, response) = try await send(redirect(on: origin, to: to))
        #expect(response.response?.url?.port == origin.port)
        for (name, value) in Self.headers {
            #expect(echo.header(name) == value, "\(name) was not kept")
        }
    }

    @Test func aChainThroughAnotherOriginNeverRegainsTheCredentials() async throws {
        let back = redirect(on: otherOrigin, to: origin.absoluteString + "/echo")
        let (echo, response) = try await send(redirect(on: origin, to: back.absoluteString))
        #expect(response.response?.url?.port == origin.port, "did not come back to the first origin")
        #expect(echo.header("Host")?.hasSuffix(":\(origin.port ?? 0)") == true)
        for name in Self.credentials.keys {
            #expect(echo.header(name) == nil, "\(name) came back after leaving the origin")
        }
        #expect(echo.header("X-Keep") == "1")
    }

    // MARK: Bodies

    @Test(arguments: [307, 308])
    func a307Or308RepeatsAPostWithItsWholeDataBody(status: Int) async throws {
        let body = Data((0..<64 * 1024).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        let (echo, _) = try await send(redirect(on: origin, status: status, to: "/echo"), method: .post,
                                       task: .data(body, contentType: "text/plain"))
        #expect(echo.method == "POST")
        #expect(echo.bodyLength == body.count)
        #expect(echo.body.map { Data($0.utf8) } == body)
        #expect(echo.header("Content-Type") == "text/plain")
        #expect(echo.header("Authorization") == "Bearer secret")
    }

    @Test(arguments: [307, 308])
    func a307Or308RepeatsAPostWithItsJSONBody(status: Int) async throws {
        let book = Book(title: "Redirected", pages: status, tags: ["a", "b"], isbn: nil)
        let (echo, _) = try await send(redirect(on: origin, status: status, to: "/echo"), method: .post, task: .json(book))
        #expect(echo.method == "POST")
        let body = try #require(echo.body, "the body was lost")
        #expect(try JSONDecoder().decode(Book.self, from: Data(body.utf8)) == book)
        #expect(echo.header("Content-Type") == "application/json")
    }

    @Test func a303TurnsAPostIntoAGetWithoutBody() async throws {
        let (echo, _) = try await send(redirect(on: origin, status: 303, to: "/echo"), method: .post,
                                       task: .data(Data("payload".utf8), contentType: "text/plain"))
        #expect(echo.method == "GET")
        #expect(echo.bodyLength == 0)
    }

    @Test func a307ToAnotherOriginKeepsTheBodyButNotTheCredentials() async throws {
        let start = redirect(on: origin, status: 307, to: otherOrigin.absoluteString + "/echo")
        let (echo, response) = try await send(start, method: .post, task: .data(Data("payload".utf8), contentType: "text/plain"))
        #expect(response.response?.url?.port == otherOrigin.port)
        #expect(echo.header("Host")?.hasSuffix(":\(otherOrigin.port ?? 0)") == true)
        #expect(echo.method == "POST")
        #expect(echo.body == "payload")
        for name in Self.credentials.keys {
            #expect(echo.header(name) == nil, "\(name) crossed to another origin")
        }
        #expect(echo.header("X-Keep") == "1")
    }

    @Test func a307ChainThroughAnotherOriginKeepsTheBodyButNeverRegainsTheCredentials() async throws {
        let back = redirect(on: otherOrigin, status: 307, to: origin.absoluteString + "/echo")
        let (echo, response) = try await send(redirect(on: origin, status: 307, to: back.absoluteString), method: .post,
                                              task: .data(Data("payload".utf8), contentType: "text/plain"))
        #expect(response.response?.url?.port == origin.port, "did not come back to the first origin")
        #expect(echo.method == "POST")
        #expect(echo.body == "payload")
        for name in Self.credentials.keys {
            #expect(echo.header(name) == nil, "\(name) came back after leaving the origin")
        }
    }

    @Test func aPostTurnedIntoAGetByA302StaysAGetThroughA307() async throws {
        // 302 turns the POST into a GET without body; the 307 after it repeats that GET.
        let then307 = redirect(on: origin, status: 307, to: "/echo")
        let (echo, _) = try await send(redirect(on: origin, status: 302, to: then307.absoluteString), method: .post,
                                       task: .data(Data("payload".utf8), contentType: "text/plain"))
        #expect(echo.method == "GET")
        #expect(echo.bodyLength == 0)
    }

    /// A `POST` to a redirect answered as soon as the request head is read, the body left
    /// unread: gunicorn's way with a large body (httpbin's `/redirect-to`), which promises to
    /// keep the connection and closes it; the fault server's `/redirect-unread` closes it at
    /// once (`close`, the unread body turning the close into an RST) or like gunicorn
    /// (`keep-alive`).
    private func redirectUnread(on server: String, status: Int) -> URL {
        if server == "httpbin" {
            return url(TestServers.httpbin ?? TestServers.unconfigured, "/redirect-to",
                       query: ["url": "/anything", "status_code": String(status)])
        }
        return url(origin, "/redirect-unread", query: ["status": String(status), "to": "/sink", "then": server])
    }

    /// How many body bytes the end of the redirect received: `/sink` counts them, httpbin's
    /// `/anything` echoes them as `data`.
    private struct Received: Decodable {
        let bytes: Int
        init(from decoder: any Decoder) throws {
            enum Keys: String, CodingKey { case bytes, data }
            let container = try decoder.container(keyedBy: Keys.self)
            bytes = try container.decodeIfPresent(Int.self, forKey: .bytes)
                ?? container.decode(String.self, forKey: .data).utf8.count
        }
    }

    /// Each attempt follows the redirect with the whole body or fails promptly with a typed
    /// error (an RST may destroy the redirect before it is read): it never waits for the
    /// deadline. A connection promised and then closed is never reused for the repeat: every
    /// attempt follows.
    @Test(arguments: ["close", "keep-alive", "httpbin"], [307, 308])
    func aRedirectAnsweredBeforeTheBodyWasReadIsFollowedOrFailsPromptly(server: String, status: Int) async throws {
        try #require(server != "httpbin" || TestServers.httpbin != nil, "httpbin is not configured")
        let body = Data((0..<256 * 1024).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        var followed = 0
        for attempt in 1...10 {
            let target = GenericTarget(baseURL: redirectUnread(on: server, status: status), method: .post,
                                       task: .data(body, contentType: "text/plain"), timeout: 30)
            let (result, elapsed) = await timed { await provider.result(for: target) }
            #expect(elapsed < 10, "attempt \(attempt) took \(elapsed) s")
            switch result {
            case .success(let response):
                #expect(try response.decode(Received.self).bytes == body.count, "attempt \(attempt) lost part of the body")
                followed += 1
            case .failure(.transport(let error, _)):
                #expect((error as? URLError)?.code == .networkConnectionLost, "attempt \(attempt): \(error)")
            case .failure(let error):
                Issue.record("attempt \(attempt): \(error)")
            }
        }
        if server == "keep-alive" {
            #expect(followed == 10, "the repeat met the connection the server had closed")
        }
    }

    // MARK: Long chains

    /// `depth` nested `/redirect`s on the first origin, each pointing at the next, ending at `/echo`.
    ///
    /// A literal loop cannot be built with the fault server: a `Location` cannot contain itself,
    /// an empty `Location` is not followed by URLSession on Linux, and a fragment-only one is
    /// resolved to `/`. A chain longer than any client follows stands in for it.
    private func chain(depth: Int, status: Int) -> URL {
        var location = "/echo"
        for _ in 0..<depth {
            location = "/redirect?status=\(status)&to=" + percentEncoded(location)
        }
        return URL(string: origin.absoluteString + location) ?? TestServers.unconfigured
    }

    private func expectTooManyRedirects(_ result: Result<Response, QuiverError>, elapsed: TimeInterval,
                                        sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .transport(let error, _) = result.failure else {
            Issue.record("expected .transport, got \(result)", sourceLocation: sourceLocation)
            return
        }
        #expect((error as? URLError)?.code == .httpTooManyRedirects, "\(error)", sourceLocation: sourceLocation)
        #expect(elapsed < 5, "the chain took \(elapsed) s", sourceLocation: sourceLocation)
    }

    @Test func anEndlessChainOfRedirectsEndsInATransportError() async {
        let target = GenericTarget(baseURL: chain(depth: 30, status: 302), timeout: 20)
        let (result, elapsed) = await timed { await provider.result(for: target) }
        expectTooManyRedirects(result, elapsed: elapsed)
    }

    @Test(arguments: [307, 308])
    func anEndlessChainOfBodyRedirectsEndsInATransportError(status: Int) async {
        let target = GenericTarget(baseURL: chain(depth: 30, status: status), method: .post,
                                   task: .data(Data("payload".utf8), contentType: "text/plain"), timeout: 20)
        let (result, elapsed) = await timed { await provider.result(for: target) }
        expectTooManyRedirects(result, elapsed: elapsed)
    }

    @Test(arguments: [302, 307])
    func aChainOfFifteenRedirectsIsFollowedToTheEnd(status: Int) async throws {
        let (echo, _) = try await send(chain(depth: 15, status: status), method: .post,
                                       task: .data(Data("payload".utf8), contentType: "text/plain"))
        #expect(echo.path == "/echo")
        #expect(echo.method == (status == 307 ? "POST" : "GET"))
        #expect(echo.body == (status == 307 ? "payload" : nil))
    }
}
