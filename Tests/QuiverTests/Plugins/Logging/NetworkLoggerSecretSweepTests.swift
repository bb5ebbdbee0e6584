import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Every option set × every level × every outcome: no captured line ever holds a secret, and
/// each line the rules promise is there, with the marker and the non-secret parts.
@Suite struct NetworkLoggerSecretSweepTests {
    typealias Options = LoggerConfiguration.LogOptions
    typealias Level = LoggerConfiguration.Level

    static let redaction = Redaction(headers: ["X-Api-Key"], queryParameters: ["api_key"], bodyKeys: ["password", "token"])
    static let url = URL(string: "https://api.example.com/v2/items?api_key=SECRET-QUERY-4&page=2")!
    static let jsonBody = #"{"items":[{"credentials":{"password":"SECRET-BODY-5"},"label":"visible-label"}],"name":"visible-name"}"#
    static let formBody = "user=ada&password=SECRET-FORM-6&remember=true"
    static let responseBody = #"{"token":"SECRET-RESP-8","echo":{"auth":"Bearer SECRET-TOKEN-1","url":"\#(url.absoluteString)"},"name":"visible"}"#
    static let authorizationSpellings = ["Authorization", "authorization", "AUTHORIZATION"]
    static let allOptions = (0..<128).map { Options(rawValue: $0) }

    enum Body: CaseIterable { case json, form }

    enum Outcome: CaseIterable {
        case success, rejected, undecodable, transportWithoutResponse, transportWithResponse, timedOut

        var hasResponse: Bool { [.success, .rejected, .undecodable, .transportWithResponse].contains(self) }
    }

    static func requestHeaders(authorization: String, body: Body) -> [String: String] {
        [
            authorization: "Bearer SECRET-TOKEN-1", "Cookie": "session=SECRET-COOKIE-2; theme=dark",
            "Proxy-Authorization": "Basic SECRET-PROXY-9", "X-Api-Key": "SECRET-KEY-3", "X-Other": "visible",
            "Content-Type": body == .json ? "application/json" : "application/x-www-form-urlencoded; charset=utf-8",
        ]
    }

    static let responseHeaders = ["Set-Cookie": "id=SECRET-SETCOOKIE-7; Path=/; HttpOnly", "X-Request-Id": "visible-id", "Content-Type": "application/json"]

    static let transportError = URLError(.notConnectedToInternet, userInfo: [NSURLErrorFailingURLErrorKey: url])

    static func result(_ outcome: Outcome, request: URLRequest) -> Result<Response, QuiverError> {
        let status = outcome == .rejected ? 401 : 200
        let http = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: responseHeaders)
        let response = Response(statusCode: status, data: Data(responseBody.utf8), request: request, response: http)
        return switch outcome {
        case .success: .success(response)
        case .rejected: .failure(.statusCode(response))
        case .undecodable: .failure(.decoding(TestError(reason: "bad"), response))
        case .transportWithoutResponse: .failure(.transport(transportError, nil))
        case .transportWithResponse: .failure(.transport(transportError, response))
        case .timedOut: .failure(.timedOut())
        }
    }

    /// The identifiers the level rules promise, in order.
    static func expectedIdentifiers(_ options: Options, _ level: Level, _ outcome: Outcome) -> [String] {
        let debug = level >= .debug
        var ids: [String] = []
        if level >= .info {
            if debug && options.contains(.formatRequestAscURL) {
                ids.append("cURL")
            } else {
                if options.contains(.requestMethod) { ids.append("Request") }
                if debug && options.contains(.requestHeaders) { ids.append("Request Headers") }
                if debug && options.contains(.requestBody) { ids.append("Request Body") }
            }
        }
        if outcome == .success {
            guard level >= .info else { return ids }
            ids.append("Response")
            if debug && options.contains(.responseHeaders) { ids.append("Response Headers") }
            if debug && options.contains(.successResponseBody) { ids.append("Response Body") }
        } else if level >= .error {
            ids.append("Error")
            if outcome.hasResponse && debug && options.contains(.responseHeaders) { ids.append("Response Headers") }
            if outcome.hasResponse && options.contains(.errorResponseBody) { ids.append("Response Body") }
        }
        return ids
    }

    /// What each kind of line must show: the marker in place of each secret, and what is not secret.
    static func problems(in lines: [String], authorization: String, body: Body, outcome: Outcome) -> [String] {
        var problems: [String] = []
        func require(_ line: String, _ parts: [String]) {
            // URLRequest may normalise the case of header names, so compare without case.
            for part in parts where !line.lowercased().contains(part.lowercased()) { problems.append("missing \(part) in \(line)") }
        }
        let bodyParts = body == .json
            ? [#""password":"<redacted>""#, "visible-label", "visible-name"] : ["password=<redacted>", "user=ada", "remember=true"]
        for line in lines {
            if line.uppercased().contains("SECRET-") { problems.append("leak: \(line)") }
            let identifier = String(line.prefix(while: { $0 != "|" }))
            switch identifier {
            case "Request":
                require(line, ["api_key=<redacted>", "page=2"])
            case "Request Headers":
                require(line, [#""\#(authorization)": "<redacted>""#, #""Cookie": "<redacted>""#, #""Proxy-Authorization": "<redacted>""#,
                               #""X-Api-Key": "<redacted>""#, #""X-Other": "visible""#])
            case "Request Body":
                require(line, bodyParts)
            case "cURL":
                require(line, ["curl -X POST 'https://api.example.com/v2/items?api_key=<redacted>&page=2'", "-H '\(authorization): <redacted>'",
                               "-H 'Cookie: <redacted>'", "-H 'X-Api-Key: <redacted>'", "-H 'X-Other: visible'", "-d '"] + bodyParts)
            case "Response":
                require(line, ["api_key=<redacted>", "→ 200"])
            case "Response Headers":
                require(line, [#""Set-Cookie": "<redacted>""#, #""X-Request-Id": "visible-id""#])
            case "Response Body":
                require(line, [#""token":"<redacted>""#, #""name":"visible""#, "api_key=<redacted>"])
            case "Error":
                if outcome != .timedOut { require(line, ["api_key=<redacted>"]) }
            default:
                problems.append("unexpected line \(line)")
            }
        }
        return problems
    }

    @Test(arguments: Level.allCases, authorizationSpellings)
    func noOptionOrOutcomeLeaksASecretThroughTheHooks(level: Level, authorization: String) async {
        var failures: [String] = []
        var runs = 0
        let target = GenericTarget(baseURL: Self.url, method: .post)
        for options in Self.allOptions {
            // Thousands of runs: let the other tests have the (two) cooperative threads too.
            await Task.yield()
            let capture = LoggerCapture()
            let logger = capture.logger(options: options, level: level, redaction: Self.redaction)
            for body in Body.allCases {
                for outcome in Outcome.allCases {
                    capture.clear()
                    let request = LoggerFixtures.request(
                        url: Self.url, headers: Self.requestHeaders(authorization: authorization, body: body),
                        body: Data((body == .json ? Self.jsonBody : Self.formBody).utf8))
                    logger.willSend(request, target: target)
                    logger.didReceive(Self.result(outcome, request: request), target: target)
                    runs += 1
                    let context = "options \(options.rawValue), \(body), \(outcome)"
                    let expected = Self.expectedIdentifiers(options, level, outcome)
                    if capture.identifiers != expected {
                        failures.append("\(context): got \(capture.identifiers), expected \(expected)")
                    }
                    failures += Self.problems(in: capture.lines, authorization: authorization, body: body, outcome: outcome)
                        .map { "\(context): \($0)" }
                }
            }
        }
        #expect(runs == 128 * 2 * 6)
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(5))")
    }

    /// The same request as a target, answered by a stub.
    struct SweepTarget: TargetType {
        let body: Body
        let authorization: String
        let outcome: Outcome

        var baseURL: URL { exampleBase }
        var path: String { "items" }
        var method: HTTPMethod { .post }
        var headers: [String: String]? {
            NetworkLoggerSecretSweepTests.requestHeaders(authorization: authorization, body: body).filter { $0.key != "Content-Type" }
        }
        var task: HTTPTask {
            let query: Parameters = ["api_key": "SECRET-QUERY-4", "page": 2]
            return switch body {
            case .json: HTTPTask.data(Data(NetworkLoggerSecretSweepTests.jsonBody.utf8), contentType: "application/json").adding(query: query)
            case .form: HTTPTask.form(["user": "ada", "password": "SECRET-FORM-6", "remember": "true"] as Parameters).adding(query: query)
            }
        }
    }

    @Test(arguments: Level.allCases)
    func noOptionOrOutcomeLeaksASecretThroughAStubbedProvider(level: Level) async {
        var failures: [String] = []
        for options in Self.allOptions {
            let capture = LoggerCapture()
            let provider = Provider<SweepTarget>(
                endpointClosure: { target in
                    Provider.defaultEndpointMapping(for: target).replacing(sampleResponseClosure: {
                        switch target.outcome {
                        case .transportWithoutResponse:
                            return .networkError(Self.transportError)
                        default:
                            let status = target.outcome == .rejected ? 401 : 200
                            let http = HTTPURLResponse(url: Self.url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: Self.responseHeaders)
                            return http.map { .response($0, Data(Self.responseBody.utf8)) } ?? .networkResponse(500, Data())
                        }
                    })
                },
                stubClosure: Provider.immediatelyStub,
                plugins: [capture.logger(options: options, level: level, redaction: Self.redaction)])
            for body in Body.allCases {
                for outcome in [Outcome.success, .rejected, .transportWithoutResponse] {
                    capture.clear()
                    _ = await provider.result(for: SweepTarget(body: body, authorization: "authorization", outcome: outcome))
                    let context = "options \(options.rawValue), \(body), \(outcome)"
                    let expected = Self.expectedIdentifiers(options, level, outcome)
                    if capture.identifiers != expected {
                        failures.append("\(context): got \(capture.identifiers), expected \(expected)")
                    }
                    failures += Self.problems(in: capture.lines, authorization: "authorization", body: body, outcome: outcome)
                        .map { "\(context): \($0)" }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(5))")
    }
}
