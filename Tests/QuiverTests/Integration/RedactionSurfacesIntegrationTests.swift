import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
import QuiverTesting

/// Secrets a real server quotes back reach no output surface: a 401 or 500 body quoting the
/// request's bearer token, its Basic proxy credential (encoded and decoded) and a cookie the
/// server sets stays out of every description of the error; a password echoed JSON-escaped
/// twice by httpbin stays out of the logger's `Response Body` line and the recorded fixture.
@Suite struct RedactionSurfacesIntegrationTests {
    static let token = "LIVE-BEARER-TOKEN-1234"
    static let proxyPassword = "LIVE-PROXY-PASS"
    static let proxyCredential = Data("proxy-ada:\(proxyPassword)".utf8).base64EncodedString()
    static let cookie = "LIVE-SET-COOKIE-5678"

    /// Every text a developer or a crash reporter may get from `error`.
    static func surfaces(of error: QuiverError) -> [(String, String)] {
        let bridged = error as NSError
        var dumped = ""
        dump(error, to: &dumped)
        let failingURL: URL? = bridged.userInfo[NSURLErrorFailingURLErrorKey] as? URL
        return [
            ("description", error.description), ("localizedDescription", error.localizedDescription),
            ("errorDescription", error.errorDescription ?? ""), ("String(reflecting:)", String(reflecting: error)),
            ("String(describing:)", String(describing: error)), ("dump", dumped), ("NSError", bridged.description),
            ("NSError userInfo", "\(bridged.userInfo)"), ("NSErrorFailingURLKey", failingURL?.absoluteString ?? ""),
        ]
    }

    static func target(_ base: URL, status: Int, user: Bool) throws -> GenericTarget {
        var components = try #require(URLComponents(url: base, resolvingAgainstBaseURL: false))
        if user {
            components.user = "ada"
            components.password = "pw"
        }
        return GenericTarget(baseURL: try #require(components.url), path: "echo-status",
                             task: .query(["status": "\(status)", "set_cookie": "session=\(cookie)"]),
                             headers: ["Authorization": "Bearer \(token)", "Proxy-Authorization": "Basic \(proxyCredential)"])
    }

    static func expectNoSecret(in error: QuiverError, also extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        for (surface, text) in surfaces(of: error) {
            for secret in [token, proxyPassword, proxyCredential, "proxy-ada:", cookie] + extra {
                #expect(!text.contains(secret), "\(surface) shows \(secret): \(text)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(.requiresFaultServer, arguments: [401, 500])
    func aStatusErrorWhoseBodyQuotesTheCredentialsDescribesItWithoutThem(status: Int) async throws {
        let base = try #require(TestServers.fault)
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.cookieless)
        let result = await provider.result(for: try Self.target(base, status: status, user: false))
        guard case .failure(let error) = result, case .statusCode(let response) = error else {
            Issue.record("expected a status error, got \(result)")
            return
        }
        // The server really quotes them all.
        let body = String(decoding: response.data, as: UTF8.self)
        for secret in [Self.token, Self.proxyCredential, "proxy-ada:\(Self.proxyPassword)", "\"setCookie\": \"\(Self.cookie)\""] {
            #expect(body.contains(secret), "\(body)")
        }
        Self.expectNoSecret(in: error)
        #expect(error.description.contains("failed with status \(status)"))
    }

    /// A URL's password goes from every description, however short.
    @Test(.requiresFaultServer, .onTheDefaultTransportOnly)
    func aURLPasswordIsInNoDescription() async throws {
        let base = try #require(TestServers.fault)
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.cookieless)
        let result = await provider.result(for: try Self.target(base, status: 401, user: true))
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        Self.expectNoSecret(in: error, also: [":pw@", "YWRhOnB3"])
        #expect(error.description.contains("ada:<redacted>@"))
    }

    /// httpbin echoes a JSON body as `json` and, as text, JSON-escaped again in `data`.
    @Test(.requiresHTTPBin)
    func aPasswordEchoedEscapedTwiceIsInNoLogLineAndNoFixture() async throws {
        let base = try #require(TestServers.httpbin)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let lines = Locked([String]())
        let logger = NetworkLoggerPlugin(configuration: .init(
            formatter: .init(entry: { identifier, message, _ in "\(identifier)|\(message)" }),
            output: { _, items in lines.withLock { $0 += items } }, logOptions: .verbose,
            redaction: Redaction(bodyKeys: ["password"])))
        let password = #"pa"ss\word-LIVE-ESCAPED"#
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [
            logger, RecordingPlugin(directory: folder.url, redaction: Redaction(bodyKeys: ["password"])),
        ])
        let target = GenericTarget(baseURL: base, path: "anything/login", method: .post, task: .json(["password": password]))
        let response = try await provider.response(for: target)
        #expect(String(decoding: response.data, as: UTF8.self).contains(#"pa\\\"ss\\\\word"#))
        let body = try #require(lines.withLock { $0 }.first { $0.hasPrefix("Response Body|") })
        #expect(!body.contains("word-LIVE-ESCAPED"), "\(body)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(files.count == 1)
        for file in files {
            let text = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("word-LIVE-ESCAPED"), "\(text)")
        }
    }
}
