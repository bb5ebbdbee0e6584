import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

typealias LoggerConfiguration = NetworkLoggerPlugin.Configuration

/// Collects what a ``NetworkLoggerPlugin`` hands its output, one array per call.
final class LoggerCapture: Sendable {
    private let storage = Locked([[String]]())

    var calls: [[String]] { storage.withLock { $0 } }
    var lines: [String] { calls.flatMap { $0 } }
    var text: String { lines.joined(separator: "\n") }
    /// The identifier of each line written by ``LoggerCapture/plainEntries``.
    var identifiers: [String] { lines.map { String($0.prefix(while: { $0 != "|" })) } }

    var output: LoggerConfiguration.OutputType {
        { [storage] _, items in storage.withLock { $0.append(items) } }
    }

    func clear() { storage.withLock { $0.removeAll() } }

    /// An entry formatter writing `identifier|message`, easy to pick apart.
    static let plainEntries = LoggerConfiguration.Formatter(entry: { identifier, message, _ in "\(identifier)|\(message)" })

    func logger(
        options: LoggerConfiguration.LogOptions = .verbose, level: LoggerConfiguration.Level = .debug,
        formatter: LoggerConfiguration.Formatter = LoggerCapture.plainEntries,
        redaction: Redaction = .init(), maximumBodyBytes: Int = 4096
    ) -> NetworkLoggerPlugin {
        NetworkLoggerPlugin(configuration: .init(
            formatter: formatter, output: output, logOptions: options, level: level,
            redaction: redaction, maximumBodyBytes: maximumBodyBytes))
    }
}

/// Hand-built requests, responses and errors for driving the hooks directly.
enum LoggerFixtures {
    static let url = URL(string: "https://api.example.com/v2/users?page=2")!

    static func request(method: String = "POST", url: URL = url, headers: [String: String] = ["Accept": "application/json"],
                        body: Data? = Data(#"{"name":"Ada"}"#.utf8)) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = body
        return request
    }

    static func response(_ status: Int = 200, body: Data = Data(#"{"id":1}"#.utf8),
                         headers: [String: String] = ["X-Rate-Limit": "10"], request: URLRequest? = request()) -> Response {
        let http = HTTPURLResponse(url: request?.url ?? url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        return Response(statusCode: status, data: body, request: request, response: http)
    }
}

/// A target that opts out of logging when told to.
struct QuietTarget: NetworkLoggable {
    var logged: Bool
    var baseURL: URL { exampleBase }
    var path: String { "quiet" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var isNetworkLoggingEnabled: Bool { logged }
}

@Suite struct NetworkLoggerPluginTests {
    private let target = GenericTarget(baseURL: exampleBase, path: "users", method: .post)

    /// Runs a request, a success and a failure with a response through `logger`.
    private func drive(_ logger: NetworkLoggerPlugin) {
        logger.willSend(LoggerFixtures.request(), target: target)
        logger.didReceive(.success(LoggerFixtures.response()), target: target)
        logger.didReceive(.failure(.statusCode(LoggerFixtures.response(404, body: Data(#"{"error":"nope"}"#.utf8)))), target: target)
    }

    // MARK: Levels

    @Test func theOffLevelLogsNothing() {
        let capture = LoggerCapture()
        drive(capture.logger(level: .off))
        capture.logger(level: .off).didReceive(.failure(.timedOut()), target: target)
        #expect(capture.calls.isEmpty)
    }

    @Test func theErrorLevelLogsOnlyFailuresWithTheirBody() {
        let capture = LoggerCapture()
        drive(capture.logger(level: .error))
        #expect(capture.identifiers == ["Error", "Response Body"])
        #expect(capture.lines[0] == "Error|POST https://api.example.com/v2/users?page=2 failed with status 404.")
        #expect(capture.lines[1] == #"Response Body|{"error":"nope"}"#)
    }

    @Test func theErrorLevelLeavesOutTheBodyWithoutErrorResponseBody() {
        let capture = LoggerCapture()
        drive(capture.logger(options: .verbose.subtracting(.errorResponseBody), level: .error))
        #expect(capture.identifiers == ["Error"])
    }

    @Test func theInfoLevelLogsTheRequestLineAndTheOutcomeLine() {
        let capture = LoggerCapture()
        drive(capture.logger(options: .verbose, level: .info))
        #expect(capture.identifiers == ["Request", "Response", "Error", "Response Body"])
        #expect(capture.lines[0] == "Request|POST https://api.example.com/v2/users?page=2")
        #expect(capture.lines[1] == "Response|POST https://api.example.com/v2/users?page=2 → 200, 8 bytes")
    }

    @Test func theDebugLevelLogsEveryPartTheOptionsAllow() {
        let capture = LoggerCapture()
        drive(capture.logger(options: .verbose, level: .debug))
        #expect(capture.identifiers == [
            "Request", "Request Headers", "Request Body",
            "Response", "Response Headers", "Response Body",
            "Error", "Response Headers", "Response Body",
        ])
        #expect(capture.lines[1] == #"Request Headers|["Accept": "application/json"]"#)
        #expect(capture.lines[2] == #"Request Body|{"name":"Ada"}"#)
        #expect(capture.lines[4] == #"Response Headers|["X-Rate-Limit": "10"]"#)
        #expect(capture.lines[5] == #"Response Body|{"id":1}"#)
    }

    @Test func levelsAreOrderedFromOffToDebug() {
        #expect(LoggerConfiguration.Level.allCases == [.off, .error, .info, .debug])
        #expect(LoggerConfiguration.Level.off < .error && LoggerConfiguration.Level.error < .info && LoggerConfiguration.Level.info < .debug)
        #expect(LoggerConfiguration.Level.allCases.map(\.description) == ["off", "error", "info", "debug"])
    }

    @Test func anErrorWithoutAResponseNamesTheTargetsMethodAndURL() {
        let capture = LoggerCapture()
        capture.logger(level: .error).didReceive(.failure(.timedOut()), target: target)
        #expect(capture.lines == ["Error|POST https://api.example.com/v2/users: The request timed out."])
    }

    // MARK: Options

    @Test(arguments: [
        (0, [], ["Response"], ["Error"]),
        (1 << 0, ["Request"], ["Response"], ["Error"]),
        (1 << 1, ["Request Headers"], ["Response"], ["Error"]),
        (1 << 2, ["Request Body"], ["Response"], ["Error"]),
        (1 << 3, ["cURL"], ["Response"], ["Error"]),
        (1 << 4, [], ["Response", "Response Body"], ["Error"]),
        (1 << 5, [], ["Response"], ["Error", "Response Body"]),
        (1 << 6, [], ["Response", "Response Headers"], ["Error", "Response Headers"]),
    ] as [(Int, [String], [String], [String])])
    func eachOptionShowsOnlyItsPart(bits: Int, request: [String], success: [String], failure: [String]) {
        let capture = LoggerCapture()
        let logger = capture.logger(options: .init(rawValue: bits), level: .debug)
        logger.willSend(LoggerFixtures.request(), target: target)
        #expect(capture.identifiers == request)
        capture.clear()
        logger.didReceive(.success(LoggerFixtures.response()), target: target)
        #expect(capture.identifiers == success)
        capture.clear()
        logger.didReceive(.failure(.statusCode(LoggerFixtures.response(500))), target: target)
        #expect(capture.identifiers == failure)
    }

    @Test func optionSetsHaveTheDocumentedMembers() {
        #expect(LoggerConfiguration.LogOptions.default == [.requestMethod, .errorResponseBody])
        #expect(LoggerConfiguration.LogOptions.verbose == [
            .requestMethod, .requestHeaders, .requestBody, .responseHeaders, .successResponseBody, .errorResponseBody,
        ])
        #expect(!LoggerConfiguration.LogOptions.verbose.contains(.formatRequestAscURL))
    }

    // MARK: Configuration and targets

    @Test func theDefaultConfigurationLogsRequestLinesAndErrorsToStandardError() {
        let configuration = LoggerConfiguration()
        #expect(configuration.level == .debug)
        #expect(configuration.logOptions == .default)
        #expect(configuration.maximumBodyBytes == 4096)
        #expect(configuration.redaction == .init())
        #expect(Redaction.alwaysRedactedNames.isSuperset(of: ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"]))
        // Writing nothing is harmless; the output closure exists and is callable.
        configuration.output(GenericTarget(baseURL: exampleBase), [])
        #expect(NetworkLoggerPlugin().configuration.level == .debug)
    }

    @Test func aCustomMarkerReplacesSecrets() {
        let capture = LoggerCapture()
        capture.logger(options: .requestHeaders, redaction: .init(marker: "***"))
            .willSend(LoggerFixtures.request(headers: ["Cookie": "a=SECRET-COOKIE"]), target: target)
        #expect(capture.lines == [#"Request Headers|["Cookie": "***"]"#])
    }

    @Test func aTargetThatOptsOutIsNeverLogged() async {
        let capture = LoggerCapture()
        let logger = capture.logger(level: .debug)
        let quiet = Provider<QuietTarget>(stubClosure: Provider.immediatelyStub, plugins: [logger])
        _ = await quiet.result(for: QuietTarget(logged: false))
        logger.didReceive(.failure(.timedOut()), target: QuietTarget(logged: false))
        let multi = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub, plugins: [logger])
        _ = await multi.result(for: MultiTarget(QuietTarget(logged: false)))
        #expect(capture.calls.isEmpty)

        _ = await quiet.result(for: QuietTarget(logged: true))
        #expect(capture.identifiers == ["Request", "Request Headers", "Response", "Response Headers"])
    }

    @Test func aStubbedProviderLogsThroughEveryHook() async throws {
        let capture = LoggerCapture()
        let http = try #require(HTTPURLResponse(url: exampleBase, statusCode: 201, httpVersion: "HTTP/1.1",
                                                headerFields: ["Set-Cookie": "id=SECRET-SET-COOKIE; Path=/", "X-Request-Id": "r-1"]))
        let provider = Provider<ExampleAPI>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target)
                    .adding(newHTTPHeaderFields: ["Authorization": "Bearer SECRET-BEARER"])
                    .replacing(sampleResponseClosure: { .response(http, target.sampleData) })
            },
            stubClosure: Provider.immediatelyStub, plugins: [capture.logger(options: .verbose)])
        _ = try await provider.response(for: .create(name: "Ada"))
        #expect(capture.lines == [
            "Request|ExampleAPI.create POST https://api.example.com/v2/users",
            #"Request Headers|["Authorization": "<redacted>", "Content-Type": "application/json"]"#,
            #"Request Body|{"name":"Ada"}"#,
            "Response|ExampleAPI.create POST https://api.example.com/v2/users → 201, 21 bytes",
            #"Response Headers|["Set-Cookie": "<redacted>", "X-Request-Id": "r-1"]"#,
            #"Response Body|{"id":1,"name":"Ada"}"#,
        ])
        #expect(capture.calls.count == 2)
    }
}
