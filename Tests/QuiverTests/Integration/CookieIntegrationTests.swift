import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// What the fault server's `/cookie-scope/…` routes saw.
struct CookieEcho: Decodable {
    let path: String
    let cookie: String

    /// The `name=value` pairs of the `Cookie` header received.
    var pairs: Set<String> {
        Set(cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
}

/// The default transport's cookies: scoped as RFC 6265 says, kept in memory, one jar per
/// transport, never written to FoundationNetworking's file in the home directory.
@Suite(.requiresFaultServer, .requiresHTTPBin, .onTheDefaultTransportOnly) struct CookieIntegrationTests {
    private func scope(_ path: String) -> GenericTarget {
        GenericTarget(baseURL: url(TestServers.fault ?? TestServers.unconfigured, "/cookie-scope/" + path))
    }

    private func seen(_ path: String, by provider: Provider<GenericTarget>) async throws -> Set<String> {
        try await provider.decode(CookieEcho.self, from: scope(path)).pairs
    }

    /// Every file FoundationNetworking keeps cookies in under the home directory, and its contents.
    private static func cookieFiles() -> [String: Data] {
        let home = FileManager.default.homeDirectoryForCurrentUser
        let base = ProcessInfo.processInfo.environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? home.appendingPathComponent(".local/share")
        var files: [String: Data] = [:]
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [] {
            let directory = base.appendingPathComponent(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasPrefix(".cookies") {
                let file = directory.appendingPathComponent(name)
                files[file.path] = FileManager.default.contents(atPath: file.path) ?? Data()
            }
        }
        return files
    }

    @Test func aCookieGoesOnlyToItsPathNeverSecureOverHTTPAndNotAfterItExpires() async throws {
        let provider = Provider<GenericTarget>()
        _ = try await provider.response(for: scope("set"))
        // brief=B lives 2 s (Max-Age=2): on a busy machine it may be gone by the next request.
        #expect(try await seen("a", by: provider).subtracting(["brief=B"]) == ["scoped=A", "plain=P"])
        #expect(try await seen("a/deeper", by: provider).contains("scoped=A"))
        let other = try await seen("b", by: provider)
        #expect(!other.contains("scoped=A"), "a Path=/cookie-scope/a cookie went to /cookie-scope/b")
        #expect(!other.contains("secure=S"), "a Secure cookie went over plain http")
        #expect(other.subtracting(["brief=B"]) == ["plain=P"])
        try await Task.sleep(nanoseconds: 2_500_000_000)
        #expect(try await seen("b", by: provider) == ["plain=P"], "a Max-Age=2 cookie outlived its two seconds")
    }

    @Test func twoProvidersOnDefaultTransportsShareNoCookie() async throws {
        let first = Provider<GenericTarget>()
        _ = try await first.response(for: scope("set"))
        #expect(try await seen("b", by: first).contains("plain=P"))
        #expect(try await seen("b", by: Provider<GenericTarget>()).isEmpty)
    }

    @Test func transportsGivenOneJarShareItsCookies() async throws {
        let jar = CookieJar()
        let first = Provider<GenericTarget>(transport: URLSessionTransport(cookies: jar))
        _ = try await first.response(for: scope("set"))
        let second = Provider<GenericTarget>(transport: URLSessionTransport(cookies: jar))
        #expect(try await seen("b", by: second).contains("plain=P"))
        let none = Provider<GenericTarget>(transport: URLSessionTransport(cookies: nil))
        _ = try await none.response(for: scope("set"))
        #expect(try await seen("b", by: none).isEmpty)
    }

    @Test func aCookieSetByARedirectGoesWithTheNextRequestAlongWithTheCallersOwn() async throws {
        let provider = Provider<GenericTarget>()
        var target = scope("redirect")
        target.task = .query(["to": "/cookie-scope/after"])
        target.headers = ["Cookie": "mine=1"]
        let echo = try await provider.decode(CookieEcho.self, from: target)
        #expect(echo.path == "/cookie-scope/after")
        #expect(echo.pairs == ["mine=1", "via-redirect=R"])
    }

    @Test func httpbinCookiesStayInTheProviderThatGotThemAndNeverReachTheDisk() async throws {
        let before = Self.cookieFiles()
        let name = "quiver-\(UUID().uuidString)"
        let httpbin = TestServers.httpbin ?? TestServers.unconfigured
        let provider = Provider<GenericTarget>()
        // httpbin sets the cookie on a redirect to /cookies, which lists what it received.
        let set = GenericTarget(baseURL: httpbin, path: "cookies/set", task: .query([name: "value"]))
        let listed = try await provider.decode([String: [String: String]].self, from: set)
        #expect(listed["cookies"]?[name] == "value")
        let again = try await provider.decode([String: [String: String]].self, from: GenericTarget(baseURL: httpbin, path: "cookies"))
        #expect(again["cookies"]?[name] == "value")
        let elsewhere = try await Provider<GenericTarget>().decode([String: [String: String]].self,
                                                                   from: GenericTarget(baseURL: httpbin, path: "cookies"))
        #expect(elsewhere["cookies"]?[name] == nil)
        let after = Self.cookieFiles()
        for (path, contents) in after {
            #expect(String(decoding: contents, as: UTF8.self).range(of: name) == nil, "\(path) holds the cookie")
        }
        // Other programs (or test runs) may write there meanwhile: none of it is this test's.
        #expect(Set(after.keys).subtracting(before.keys).allSatisfy { path in
            String(decoding: after[path] ?? Data(), as: UTF8.self).range(of: name) == nil
        })
    }
}
