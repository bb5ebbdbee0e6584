import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The default logger as apps install it (default options and formatter, so only the
/// `Request` and `Response` summary lines): a credential that a header carries and the URL
/// echoes, in any spelling, never reaches those lines; the rest of the URL does.
@Suite struct NetworkLoggerEchoTests {
    struct Echo: CustomTestStringConvertible, Sendable {
        let name: String
        let url: String
        let headers: [String: String]
        /// What must not be printed.
        let secrets: [String]
        /// What must be printed.
        let visible: [String]
        var testDescription: String { name }
    }

    static let echoes: [Echo] = [
        Echo(name: "a bearer token in the path",
             url: "https://api.example.com/v1/tok_SECRETvalue123/items",
             headers: ["Authorization": "Bearer tok_SECRETvalue123"],
             secrets: ["SECRETvalue"], visible: ["https://api.example.com/v1/", "/items"]),
        Echo(name: "a token with reserved characters, percent-encoded in the query",
             url: "https://api.example.com/cb?next=SECRET%2Fx%2By%3Dz&page=2",
             headers: ["Authorization": "Bearer SECRET/x+y=z"],
             secrets: ["SECRET"], visible: ["https://api.example.com/cb?next=", "page=2"]),
        Echo(name: "a cookie's value in the query",
             url: "https://api.example.com/s?s=SECRETcookie99&page=2",
             headers: ["Cookie": "session=SECRETcookie99; theme=dark"],
             secrets: ["SECRETcookie"], visible: ["page=2"]),
        Echo(name: "a listed API key in the path",
             url: "https://api.example.com/keys/SECRET-KEY-3/usage",
             headers: ["X-Api-Key": "SECRET-KEY-3"],
             secrets: ["SECRET-KEY"], visible: ["/keys/", "/usage"]),
        Echo(name: "a token far longer than the URL",
             url: "https://a.example/x",
             headers: ["Authorization": "Bearer " + String(repeating: "SECRETjwtPart.", count: 20)],
             secrets: ["SECRETjwt"], visible: ["https://a.example/x"]),
        Echo(name: "a token close to the URL's length that the URL does not hold",
             url: "https://api.example.com/v1/users/42/items?page=2",
             headers: ["Authorization": "Bearer SECRETshortish-token-value-0123456789"],
             secrets: ["SECRETshortish"], visible: ["https://api.example.com/v1/users/42/items?page=2"]),
        Echo(name: "a listed query parameter",
             url: "https://api.example.com/items?api_key=SECRET-QUERY-4&page=2",
             headers: [:],
             secrets: ["SECRET-QUERY"], visible: ["api_key=<redacted>", "page=2"]),
        Echo(name: "a password in the URL",
             url: "https://ada:SECRETpassword@api.example.com/items",
             headers: [:],
             secrets: ["SECRETpassword"], visible: ["https://ada:<redacted>@api.example.com/items"]),
    ]

    static let redaction = Redaction(headers: ["X-Api-Key"], queryParameters: ["api_key"])

    @Test(arguments: echoes)
    func theSummaryLinesHideAnEchoedCredential(_ echo: Echo) throws {
        let capture = LoggerCapture()
        let logger = NetworkLoggerPlugin(configuration: .init(output: capture.output, redaction: Self.redaction))
        let url = try #require(URL(string: echo.url))
        let request = LoggerFixtures.request(method: "GET", url: url, headers: echo.headers, body: nil)
        let target = GenericTarget(baseURL: url)
        logger.willSend(request, target: target)
        logger.didReceive(.success(LoggerFixtures.response(request: request)), target: target)
        let lines = capture.lines
        try #require(lines.count == 2, "\(lines)")
        #expect(lines[0].hasPrefix("[Quiver] Request: GET https://"), "\(lines[0])")
        #expect(lines[1].hasPrefix("[Quiver] Response: GET https://"), "\(lines[1])")
        #expect(lines[1].hasSuffix(" → 200, 8 bytes"), "\(lines[1])")
        for line in lines {
            for secret in echo.secrets {
                #expect(!line.contains(secret), "\(line)")
            }
            for part in echo.visible {
                #expect(line.contains(part), "\(line)")
            }
        }
    }

    /// A custom entry formatter may add any text (here the target's path, which holds the
    /// token): its lines are redacted again in full.
    @Test func aCustomFormattersLinesAreRedactedAgain() throws {
        let capture = LoggerCapture()
        let formatter = LoggerConfiguration.Formatter(entry: { identifier, message, target in
            "\(identifier) [path: \(target.path); api_key=SECRET-FORMATTER-5]: \(message)"
        })
        let logger = NetworkLoggerPlugin(configuration: .init(formatter: formatter, output: capture.output,
                                                              redaction: Self.redaction))
        let url = try #require(URL(string: "https://api.example.com/tok_SECRETvalue123"))
        let request = LoggerFixtures.request(method: "GET", url: url, headers: ["Authorization": "Bearer tok_SECRETvalue123"], body: nil)
        let target = GenericTarget(baseURL: exampleBase, path: "tok_SECRETvalue123")
        logger.willSend(request, target: target)
        logger.didReceive(.success(LoggerFixtures.response(request: request)), target: target)
        #expect(capture.lines.count == 2)
        for line in capture.lines {
            #expect(!line.contains("SECRET"), "\(line)")
            #expect(line.contains("api_key=<redacted>"), "\(line)")
        }
    }
}
