import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The logger through a provider, as apps install it, over transports written the obvious way:
/// its lines are the ones it makes alone, from the request the response carries.
@Suite struct NetworkLoggerProviderTests {
    /// Answers 200 with an 8-byte body, naming no request (as `AsyncHTTPClientTransport` and
    /// most transports of an app's own): the provider fills in the one it sent.
    private struct PlainTransport: HTTPTransport {
        func send(_ request: TransportRequest) async throws -> Response {
            Response(statusCode: 200, data: Data("{\"id\":1}".utf8))
        }
    }

    /// Answers 200 naming a request of its own, as a transport that followed a redirect does.
    private struct RedirectedTransport: HTTPTransport {
        let landing: URLRequest
        func send(_ request: TransportRequest) async throws -> Response {
            Response(statusCode: 200, data: Data("{\"id\":1}".utf8), request: landing)
        }
    }

    private static func provider(_ transport: any HTTPTransport, logger: NetworkLoggerPlugin,
                                 sending request: URLRequest) -> Provider<GenericTarget> {
        Provider<GenericTarget>(transport: transport, plugins: [logger], requestClosure: { _ in request })
    }

    @Test(arguments: NetworkLoggerEchoTests.echoes)
    func theResponseLineIsTheOneTheLoggerMakesAlone(_ echo: NetworkLoggerEchoTests.Echo) async throws {
        let url = try #require(URL(string: echo.url))
        let request = LoggerFixtures.request(method: "GET", url: url, headers: echo.headers, body: nil)
        let target = GenericTarget(baseURL: url)

        let capture = LoggerCapture()
        let logger = NetworkLoggerPlugin(configuration: .init(output: capture.output,
                                                              redaction: NetworkLoggerEchoTests.redaction))
        let provider = Self.provider(PlainTransport(), logger: logger, sending: request)
        let response = try await provider.response(for: target)
        let lines = capture.lines
        try #require(lines.count == 2, "\(lines)")

        // The same response logged by a logger outside any provider.
        let alone = LoggerCapture()
        NetworkLoggerPlugin(configuration: .init(output: alone.output, redaction: NetworkLoggerEchoTests.redaction))
            .didReceive(.success(response), target: target)
        #expect(lines[1] == alone.lines.first, "\(lines[1])")
        for secret in echo.secrets {
            #expect(!lines[1].contains(secret), "\(lines[1])")
        }
        for part in echo.visible {
            #expect(lines[1].contains(part), "\(lines[1])")
        }
    }

    /// A response that names another request (a redirect's landing, with a cookie the sent
    /// request did not carry) is logged from that request: its URL, its secrets.
    @Test func aResponseNamingAnotherRequestIsLoggedFromIt() async throws {
        let sent = LoggerFixtures.request(method: "GET", url: try #require(URL(string: "https://api.example.com/start")),
                                          headers: [:], body: nil)
        let landing = LoggerFixtures.request(method: "GET",
                                             url: try #require(URL(string: "https://api.example.com/landing?s=SECRETcookie99&page=2")),
                                             headers: ["Cookie": "session=SECRETcookie99"], body: nil)
        let capture = LoggerCapture()
        let logger = NetworkLoggerPlugin(configuration: .init(output: capture.output))
        let provider = Self.provider(RedirectedTransport(landing: landing), logger: logger, sending: sent)
        _ = try await provider.response(for: GenericTarget(baseURL: try #require(URL(string: "https://api.example.com"))))
        let lines = capture.lines
        try #require(lines.count == 2, "\(lines)")
        #expect(lines[0].contains("/start"), "\(lines[0])")
        #expect(lines[1].contains("/landing?s="), "\(lines[1])")
        #expect(!lines[1].contains("SECRETcookie"), "\(lines[1])")
        #expect(!lines[1].contains("/start"), "\(lines[1])")
    }

    /// The level is read at each hook: turned off while a request is in flight, the logger
    /// logs that request's line but not its outcome, and nothing of the next request.
    @Test func aLevelChangedInFlightAppliesFromTheNextHook() async throws {
        let capture = LoggerCapture()
        let logger = NetworkLoggerPlugin(configuration: .init(output: capture.output, level: .info))
        let url = try #require(URL(string: "https://api.example.com/items"))
        let request = LoggerFixtures.request(method: "GET", url: url, headers: [:], body: nil)
        let provider = Self.provider(SilencingTransport(logger: logger), logger: logger, sending: request)
        _ = try await provider.response(for: GenericTarget(baseURL: url))
        _ = try await provider.response(for: GenericTarget(baseURL: url))
        #expect(capture.lines.count == 1, "\(capture.lines)")
        #expect(capture.lines.first?.contains("Request: GET") == true)
    }

    /// Turns its logger off while answering.
    private struct SilencingTransport: HTTPTransport {
        let logger: NetworkLoggerPlugin
        func send(_ request: TransportRequest) async throws -> Response {
            logger.level = .off
            return Response(statusCode: 200, data: Data("{}".utf8))
        }
    }

    /// A response body echoing the request's token is redacted with the secrets of that request.
    @Test func aResponseLineWithMoreThanTheSummaryLearnsAnew() async throws {
        let url = try #require(URL(string: "https://api.example.com/items"))
        let request = LoggerFixtures.request(method: "GET", url: url, headers: ["Authorization": "Bearer SECRETtoken42"], body: nil)
        let capture = LoggerCapture()
        let logger = NetworkLoggerPlugin(configuration: .init(output: capture.output, logOptions: .verbose))
        let echoing = EchoingTransport()
        let provider = Self.provider(echoing, logger: logger, sending: request)
        _ = try await provider.response(for: GenericTarget(baseURL: url))
        let body = try #require(capture.lines.first { $0.contains("Response Body") }, "\(capture.lines)")
        #expect(!body.contains("SECRETtoken42"), "\(body)")
    }

    /// Answers 200 with a body that echoes the request's `Authorization` value.
    private struct EchoingTransport: HTTPTransport {
        func send(_ request: TransportRequest) async throws -> Response {
            let echoed = request.headerFields["Authorization"] ?? ""
            return Response(statusCode: 200, data: Data("{\"seen\":\"\(echoed)\"}".utf8))
        }
    }
}
