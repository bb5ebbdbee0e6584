import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
@testable import QuiverTesting

/// Every way request or response data leaves the process passes through the one policy: the
/// descriptions and mirrors of responses, endpoints, transport requests and errors, a bridged
/// `NSError`, and a recorded fixture, binary bodies too.
@Suite struct RedactionSurfacesTests {
    static let token = "SURFACE-TOKEN-abc123"
    static let proxyPassword = "SURFACE-PROXY-PASS"
    static let proxyCredential = Data("proxy-ada:\(proxyPassword)".utf8).base64EncodedString()
    static let cookie = "SURFACE-COOKIE-777"
    static let apiKey = "SURFACE-API-KEY-42"
    static let password = "SURFACE-BODY-PASSWORD"
    static let secrets = [token, proxyPassword, proxyCredential, "proxy-ada:", cookie, apiKey, password, ":pw@"]

    static func request() -> URLRequest {
        var request = URLRequest(url: URL(string: "https://ada:pw@api.example.com/login?page=2")!)
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("Basic \(proxyCredential)", forHTTPHeaderField: "Proxy-Authorization")
        request.setValue("session=\(cookie)", forHTTPHeaderField: "Cookie")
        request.setValue(apiKey, forHTTPHeaderField: "X-Api-Key")
        request.httpBody = Data(#"{"user":"ada","password":"\#(password)"}"#.utf8)
        return request
    }

    /// A response whose body (and a header) quotes every secret the request carried.
    static func response(status: Int = 401) -> Response {
        let body = "token \(token) proxy \(proxyCredential) = proxy-ada:\(proxyPassword) cookie \(cookie) key \(apiKey) body \(password)"
        return Response(statusCode: status, data: Data(body.utf8), request: request(),
                        response: HTTPURLResponse(url: URL(string: "https://api.example.com/login")!, statusCode: status,
                                                  httpVersion: "HTTP/1.1",
                                                  headerFields: ["Content-Type": "text/plain", "X-Echo": token,
                                                                 "Set-Cookie": "session=\(cookie); Path=/"]))
    }

    static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    static func expectNoSecret(in text: String, _ surface: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in secrets {
            #expect(!text.contains(secret), "\(surface) shows \(secret): \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func aRequestsRedactedURLHidesTheQueryAndEverySecretItsHeadersCarry() {
        var request = Self.request()
        request.url = URL(string: "https://ada:pw@api.example.com/login/\(Self.token)?page=2&api_key=k-1234567&echo=\(Self.cookie)")
        let url = Redaction.redactedURL(of: request)
        #expect(url.hasPrefix("https://ada:<redacted>@api.example.com/login/<redacted>?page=2&api_key=<redacted>"))
        for secret in Self.secrets + ["k-1234567"] {
            #expect(!url.contains(secret), "\(secret) in \(url)")
        }
    }

    /// A request URL is redacted at a cost that does not grow with the body: the body is not
    /// read, so a value only the body names as a secret is not learned.
    @Test func aRequestsRedactedURLDoesNotReadTheBody() {
        var request = URLRequest(url: URL(string: "https://api.example.com/items/\(Self.password)")!)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"password":"\#(Self.password)","pad":"\#(String(repeating: "x", count: 1 << 20))"}"#.utf8)
        #expect(Redaction.redactedURL(of: request) == "https://api.example.com/items/\(Self.password)")
    }

    @Test func anErrorShowsNoSecretInAnyDescriptionOrUserInfo() {
        for error in [QuiverError.statusCode(Self.response()), .statusCode(Self.response(status: 500)),
                      .decoding(URLError(.cannotDecodeContentData), Self.response(status: 200)), .timedOut(Self.request(), after: 2),
                      .transport(URLError(.cannotConnectToHost).carrying(Self.request()), nil)] {
            let bridged = error as NSError
            let failingURL: URL? = bridged.userInfo[NSURLErrorFailingURLErrorKey] as? URL
            let underlying: NSError? = bridged.userInfo[NSUnderlyingErrorKey] as? NSError
            let underlyingInfo: String = underlying.map { "\($0.userInfo) \($0)" } ?? ""
            let surfaces: [(String, String)] = [
                ("description", error.description), ("localizedDescription", error.localizedDescription),
                ("errorDescription", error.errorDescription ?? ""), ("String(reflecting:)", String(reflecting: error)),
                ("String(describing:)", String(describing: error)), ("dump", Self.dumped(error)),
                ("NSError", bridged.description), ("NSError.localizedDescription", bridged.localizedDescription),
                ("userInfo", "\(bridged.userInfo)"),
                ("NSErrorFailingURLKey", failingURL?.absoluteString ?? ""), ("underlying error", underlyingInfo),
            ]
            for (surface, text) in surfaces {
                Self.expectNoSecret(in: text, surface)
            }
        }
        // Still useful: the method, host and status are there.
        #expect(QuiverError.statusCode(Self.response()).description.hasPrefix("POST https://ada:<redacted>@api.example.com/login?page=2 failed with status 401"))
        let url = (QuiverError.statusCode(Self.response()) as NSError).userInfo[NSURLErrorFailingURLErrorKey] as? URL
        #expect(url?.host == "api.example.com")
    }

    @Test func responsesEndpointsAndTransportRequestsShowNoSecretWhateverPrintsThem() {
        let response = Self.response(status: 200)
        let request = Self.request()
        let endpoint = Endpoint(url: "https://ada:pw@api.example.com/login", sampleResponseClosure: { .networkResponse(200, Data()) },
                                method: .post, task: .json(["user": "ada", "password": Self.password]),
                                httpHeaderFields: request.allHTTPHeaderFields)
        let transportRequest = TransportRequest(method: .post, url: request.url!, headerFields: request.allHTTPHeaderFields ?? [:],
                                                body: .data(request.httpBody ?? Data()))
        let values: [(String, Any)] = [("Response", response), ("Endpoint", endpoint), ("TransportRequest", transportRequest)]
        for (name, value) in values {
            Self.expectNoSecret(in: String(describing: value), "\(name) String(describing:)")
            Self.expectNoSecret(in: String(reflecting: value), "\(name) String(reflecting:)")
            Self.expectNoSecret(in: Self.dumped(value), "\(name) dump")
            Self.expectNoSecret(in: Self.dumped([value]), "\(name) dump in an array")
        }
        #expect(String(describing: response) == "POST https://ada:<redacted>@api.example.com/login?page=2 → 200, \(response.data.count) bytes")
        #expect(String(describing: transportRequest) == "POST https://ada:<redacted>@api.example.com/login?page=2")
        #expect(Self.dumped(endpoint).contains(#""user": "ada""#))
    }

    @Test func aBinaryBodyIsRedactedAsBytesBeforeItIsStoredAsBase64() throws {
        var body = Data([0xFF, 0x00, 0xFE])
        body.append(Data("\(Self.token)\u{0}\(Self.apiKey)\u{0}\(Self.proxyCredential)\u{0}proxy-ada:\(Self.proxyPassword)".utf8))
        body.append(contentsOf: [0x80, 0x81])
        let response = Response(statusCode: 200, data: body, request: Self.request(),
                                response: HTTPURLResponse(url: URL(string: "https://api.example.com/login")!, statusCode: 200,
                                                          httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/octet-stream"]))
        let fixture = RecordingPlugin.redactedFixture(of: response, body: body, target: GenericTarget(baseURL: URL(string: "https://api.example.com")!, path: "login"),
                                                      redactor: Redactor(Redaction()))
        let stored = try fixture.fileData()
        let file = String(decoding: stored, as: UTF8.self)
        #expect(file.contains("bodyBase64"))
        let replayed = try Fixture(fileData: stored).body
        let replayedText = String(decoding: replayed, as: UTF8.self)
        Self.expectNoSecret(in: replayedText, "the replayed binary body")
        Self.expectNoSecret(in: file, "the fixture file")
        #expect(replayed.prefix(3) == Data([0xFF, 0x00, 0xFE]))
        #expect(replayedText.contains("<redacted>"))
    }

    /// A password with a quote and a backslash, echoed JSON-escaped once (`json`) and twice
    /// (`data`, as httpbin does), reaches neither the logger's `Response Body` line nor a fixture.
    @Test func escapedSpellingsOfALearnedSecretAreRedacted() throws {
        let password = #"pa"ss\word-SECRET"#
        var request = URLRequest(url: URL(string: "https://api.example.com/anything")!)
        request.httpMethod = "POST"
        let sent = try JSONEncoder().encode(["password": password])
        request.httpBody = sent
        let sentText = String(decoding: sent, as: UTF8.self)
        let echo = try JSONSerialization.data(withJSONObject: ["data": sentText, "json": ["password": password],
                                                               "form": "pw=\(password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")",
                                                               "b64": Data(password.utf8).base64EncodedString()])
        #expect(String(decoding: echo, as: UTF8.self).contains(#"pa\\\"ss\\\\word"#))
        let response = Response(statusCode: 200, data: echo, request: request,
                                response: HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
                                                          headerFields: ["Content-Type": "application/json"]))
        let capture = LoggerCapture()
        capture.logger(options: .verbose, redaction: Redaction(bodyKeys: ["password"])).didReceive(.success(response), target: GenericTarget(baseURL: request.url!))
        let body = try #require(capture.lines.first { $0.hasPrefix("Response Body|") })
        #expect(!body.contains("word-SECRET"), "\(body)")
        #expect(!body.contains(Data(password.utf8).base64EncodedString().prefix(12)), "\(body)")
        let fixture = RecordingPlugin.redactedFixture(of: response, body: echo, target: GenericTarget(baseURL: request.url!),
                                                      redactor: Redactor(Redaction(bodyKeys: ["password"])))
        #expect(!String(decoding: try fixture.fileData(), as: UTF8.self).contains("word-SECRET"))
    }
}
