import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct NetworkLoggerFormattingTests {
    private let target = GenericTarget(baseURL: exampleBase, path: "users", method: .post)

    @Test func theCURLFormReplacesTheRequestLineHeadersAndBody() {
        let capture = LoggerCapture()
        let request = LoggerFixtures.request(headers: ["Authorization": "Bearer abcdef123", "X-Name": "O'Brien"],
                                             body: Data(#"{"name":"O'Brien"}"#.utf8))
        capture.logger(options: .verbose.union(.formatRequestAscURL)).willSend(request, target: target)
        #expect(capture.lines == [
            #"cURL|curl -X POST 'https://api.example.com/v2/users?page=2' -H 'Authorization: <redacted>' "#
                + #"-H 'X-Name: O'\''Brien' -d '{"name":"O'\''Brien"}'"#,
        ])
    }

    @Test func belowDebugTheCURLOptionLogsThePlainRequestLine() {
        let capture = LoggerCapture()
        capture.logger(options: [.requestMethod, .formatRequestAscURL], level: .info).willSend(LoggerFixtures.request(), target: target)
        #expect(capture.identifiers == ["Request"])
    }

    @Test func theCURLFormHasNoDataForABodylessRequest() {
        let capture = LoggerCapture()
        capture.logger(options: .formatRequestAscURL).willSend(LoggerFixtures.request(method: "GET", headers: [:], body: nil), target: target)
        #expect(capture.lines == ["cURL|curl -X GET 'https://api.example.com/v2/users?page=2'"])
    }

    @Test func longBodiesAreTruncatedWithANote() {
        let capture = LoggerCapture()
        let body = Data(String(repeating: "x", count: 100).utf8)
        let logger = capture.logger(options: [.requestBody, .successResponseBody], maximumBodyBytes: 10)
        logger.willSend(LoggerFixtures.request(body: body), target: target)
        logger.didReceive(.success(LoggerFixtures.response(body: body)), target: target)
        #expect(capture.lines == [
            "Request Body|xxxxxxxxxx… (90 more bytes)", "Response|POST https://api.example.com/v2/users?page=2 → 200, 100 bytes",
            "Response Body|xxxxxxxxxx… (90 more bytes)",
        ])
    }

    @Test func truncationNeverLeavesPartOfASecret() {
        let capture = LoggerCapture()
        let body = Data(#"{"a":"bb","password":"SECRET-LONG-PASSWORD-VALUE"}"#.utf8)
        capture.logger(options: .requestBody, redaction: .init(bodyKeys: ["password"]), maximumBodyBytes: 30)
            .willSend(LoggerFixtures.request(body: body), target: target)
        #expect(capture.lines == [#"Request Body|{"a":"bb","password":"<redacted>"… (4 more bytes)"#])
        #expect(!capture.text.contains("SECRET"))

        capture.clear()
        capture.logger(options: .requestBody, redaction: .init(bodyKeys: ["password"]), maximumBodyBytes: 18)
            .willSend(LoggerFixtures.request(body: Data(#"{"password":"SECRET-LONG"}"#.utf8)), target: target)
        #expect(capture.lines == [#"Request Body|{"password":"<redacted>"… (7 more bytes)"#])
    }

    @Test func binaryBodiesAreSummarised() {
        let capture = LoggerCapture()
        let binary = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0xFE])
        let logger = capture.logger(options: [.requestBody, .successResponseBody, .formatRequestAscURL])
        logger.willSend(LoggerFixtures.request(headers: [:], body: binary), target: target)
        logger.didReceive(.success(LoggerFixtures.response(body: binary)), target: target)
        #expect(capture.lines[0].hasSuffix("-d '<7 bytes of binary data>'"))
        #expect(capture.lines[2] == "Response Body|<7 bytes of binary data>")
        #expect(LoggerConfiguration.Formatter.defaultDataFormatter(Data("héllo".utf8)) == "héllo")
    }

    @Test func aStreamedBodyIsNamedNotRead() {
        let capture = LoggerCapture()
        var request = LoggerFixtures.request(body: nil)
        request.httpBodyStream = InputStream(data: Data("streamed".utf8))
        capture.logger(options: .requestBody).willSend(request, target: target)
        #expect(capture.lines == ["Request Body|<streamed body>"])
    }

    @Test func customFormattersSeeRedactedBodiesAndTheirOutputIsRedactedAgain() {
        let capture = LoggerCapture()
        let formatter = LoggerConfiguration.Formatter(
            entry: { identifier, message, target in "<\(target.path)> \(identifier) = \(message)" },
            requestData: { data in "seen " + String(decoding: data, as: UTF8.self) + " token=LEAKED-BY-FORMATTER" })
        capture.logger(options: .requestBody, formatter: formatter, redaction: .init(bodyKeys: ["token"]))
            .willSend(LoggerFixtures.request(body: Data(#"{"token":"SECRET-TOKEN-XYZ"}"#.utf8)), target: target)
        #expect(capture.lines == [#"<users> Request Body = seen {"token":"<redacted>"} token=<redacted>"#])
    }

    @Test func aCustomEntryFormattersOwnTextIsRedactedByStructure() {
        let capture = LoggerCapture()
        let formatter = LoggerConfiguration.Formatter(entry: { identifier, message, _ in "\(identifier) \(message) token=ADDED-BY-ENTRY" })
        capture.logger(options: .requestMethod, formatter: formatter, redaction: .init(bodyKeys: ["token"]))
            .willSend(LoggerFixtures.request(), target: target)
        #expect(capture.lines == ["Request POST https://api.example.com/v2/users?page=2 token=<redacted>"])
    }

    @Test func theDefaultEntryFormatterPrefixesQuiver() {
        let capture = LoggerCapture()
        capture.logger(options: .requestMethod, formatter: .init()).willSend(LoggerFixtures.request(), target: target)
        #expect(capture.lines == ["[Quiver] Request: POST https://api.example.com/v2/users?page=2"])
    }

    @Test func theDefaultLinesMatchWhatTheDefaultEntryFormatterWrites() {
        let capture = LoggerCapture()
        let logger = capture.logger(options: .default, formatter: .init())
        logger.willSend(LoggerFixtures.request(), target: target)
        logger.didReceive(.success(LoggerFixtures.response(body: Data("ok".utf8))), target: target)
        let expected = [
            ("Request", "POST https://api.example.com/v2/users?page=2"),
            ("Response", "POST https://api.example.com/v2/users?page=2 → 200, 2 bytes"),
        ].map { NetworkLoggerPlugin.Configuration.Formatter.defaultEntryFormatter(identifier: $0.0, message: $0.1, target: target) }
        #expect(capture.lines == expected)
        #expect(expected.first == "[Quiver] Request: POST https://api.example.com/v2/users?page=2")
    }

    @Test func anEntryFormatterSetAfterCreationIsUsed() {
        let capture = LoggerCapture()
        var formatter = NetworkLoggerPlugin.Configuration.Formatter()
        formatter.entry = { identifier, message, _ in "\(identifier.uppercased()) \(message)" }
        capture.logger(options: .requestMethod, formatter: formatter).willSend(LoggerFixtures.request(), target: target)
        #expect(capture.lines == ["REQUEST POST https://api.example.com/v2/users?page=2"])
    }

    @Test func aSecretEchoedUnderAnotherNameIsStillHidden() {
        let capture = LoggerCapture()
        let request = LoggerFixtures.request(headers: ["authorization": "Bearer ECHOED-TOKEN-42"],
                                             body: Data(#"{"password":"ECHOED-PASSWORD-7"}"#.utf8))
        let echo = Data(#"{"headers":{"X-Seen":"Bearer ECHOED-TOKEN-42"},"json":{"pw":"ECHOED-PASSWORD-7"}}"#.utf8)
        capture.logger(options: .successResponseBody, redaction: .init(bodyKeys: ["password"]))
            .didReceive(.success(LoggerFixtures.response(body: echo, request: request)), target: target)
        #expect(capture.lines.last == #"Response Body|{"headers":{"X-Seen":"<redacted>"},"json":{"pw":"<redacted>"}}"#)
    }
}
