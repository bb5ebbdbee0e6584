import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The built-in plugins and retries against a live httpbin.
@Suite(.requiresHTTPBin) struct PluginsHTTPBinTests {
    private var base: URL { TestServers.httpbin ?? TestServers.unconfigured }

    struct Secured: TargetType, AccessTokenAuthorizable {
        let baseURL: URL
        let path: String
        let authorizationType: AuthorizationType?
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
    }

    private struct BearerEcho: Decodable { let authenticated: Bool; let token: String }

    @Test func accessTokenPluginAuthenticatesBearerAndBasic() async throws {
        let provider = Provider<Secured>(transport: TransportUnderTest.shared, plugins: [AccessTokenPlugin { target in
            target.path == "bearer" ? "live-token" : Data("u:p".utf8).base64EncodedString()
        }])
        let echo = try await provider.decode(BearerEcho.self, from: Secured(baseURL: base, path: "bearer", authorizationType: .bearer))
        #expect(echo.authenticated && echo.token == "live-token")
        #expect(try await provider.response(for: Secured(baseURL: base, path: "basic-auth/u/p", authorizationType: .basic)).statusCode == 200)
        let started = Date()
        let anonymous = await provider.result(for: Secured(baseURL: base, path: "basic-auth/u/p", authorizationType: nil))
        #expect(anonymous.failure?.response?.statusCode == 401)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(await provider.result(for: Secured(baseURL: base, path: "bearer", authorizationType: nil)).failure?.response?.statusCode == 401)
    }

    @Test func headersPluginHeadersArriveAndTargetHeadersWin() async throws {
        struct Echo: Decodable { let headers: [String: String] }
        let plugin = HeadersPlugin(["X-App-Version": "9.9", "Accept": "text/plain"]) { _ in ["X-Trace-Id": "trace-1"] }
        let target = GenericTarget(baseURL: base, path: "headers", headers: ["Accept": "application/json"])
        let echo = try await Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [plugin]).decode(Echo.self, from: target)
        #expect(echo.headers["X-App-Version"] == "9.9")
        #expect(echo.headers["X-Trace-Id"] == "trace-1")
        #expect(echo.headers["Accept"] == "application/json")
    }

    @Test func a503IsRetriedUpToTheLimitAndThenHandedBack() async {
        let attempts = Locked(0)
        let provider = Provider<GenericTarget>(
            transport: TransportUnderTest.shared,
            plugins: [NetworkActivityPlugin { change, _ in if change == .began { attempts.withLock { $0 += 1 } } }],
            retryPolicy: RetryPolicy(maximumAttempts: 3, baseDelay: 0.05))
        let result = await provider.result(for: GenericTarget(baseURL: base, path: "status/503"))
        #expect(result.failure?.response?.statusCode == 503)
        #expect(attempts.withLock { $0 } == 3)
        let post = await provider.result(for: GenericTarget(baseURL: base, path: "status/503", method: .post))
        #expect(post.failure?.response?.statusCode == 503)
        #expect(attempts.withLock { $0 } == 4)
    }

    @Test func retryAfterFromTheServerSetsTheWait() async {
        // httpbin sets Retry-After on a 200; a target that only accepts 201 makes it a failure
        // the policy may retry.
        let attempts = Locked(0)
        let policy = RetryPolicy(maximumAttempts: 2, baseDelay: 0, retryableStatusCodes: [200])
        let provider = Provider<GenericTarget>(
            transport: TransportUnderTest.shared,
            plugins: [NetworkActivityPlugin { change, _ in if change == .began { attempts.withLock { $0 += 1 } } }],
            retryPolicy: policy)
        let started = Date()
        let target = GenericTarget(baseURL: base, path: "response-headers", task: .query(["Retry-After": 1]),
                                   validationType: .customCodes([201]))
        _ = await provider.result(for: target)
        #expect(attempts.withLock { $0 } == 2)
        #expect(Date().timeIntervalSince(started) >= 0.95)
    }

    @Test func aHundredConcurrentRequestsWithAnExpiredCredentialRefreshOnce() async throws {
        let refreshes = Locked(0)
        let auth = AuthenticationPlugin(credential: .init(accessToken: "stale", expiresAt: .distantPast)) { _ in
            refreshes.withLock { $0 += 1 }
            return AuthenticationCredential(accessToken: "fresh-\(refreshes.withLock { $0 })", expiresAt: .distantFuture)
        }
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [auth])
        let target = GenericTarget(baseURL: base, path: "bearer")
        let tokens = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<100 {
                group.addTask { try? await provider.decode(BearerEcho.self, from: target).token }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(tokens.count == 100)
        #expect(tokens.allSatisfy { $0 == "fresh-1" })
        #expect(refreshes.withLock { $0 } == 1)
    }
}

/// The logger against a live httpbin, which echoes secrets back in its bodies.
@Suite(.requiresHTTPBin) struct NetworkLoggerHTTPBinTests {
    @Test func liveLogsNeverContainTheTokenCookieOrListedSecrets() async {
        let base = TestServers.httpbin ?? TestServers.unconfigured
        let lines = Locked([String]())
        let logger = NetworkLoggerPlugin(configuration: .init(
            output: { _, items in lines.withLock { $0 += items } },
            logOptions: .verbose.union(.formatRequestAscURL),
            redaction: .init(headers: ["X-Api-Key"], queryParameters: ["api_key", "Set-Cookie"], bodyKeys: ["password"])))
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [AccessTokenPluginForAll(token: "LIVE-SECRET-TOKEN"), logger])
        _ = await provider.result(for: GenericTarget(
            baseURL: base, path: "anything", method: .post,
            task: .json(["user": "ada", "password": "LIVE-SECRET-PASSWORD"]).adding(query: ["api_key": "LIVE-SECRET-QUERY"]),
            headers: ["Cookie": "session=LIVE-SECRET-COOKIE", "X-Api-Key": "LIVE-SECRET-KEY"]))
        // httpbin answers with a Set-Cookie header holding the value, and echoes it in the body.
        let setCookie = await provider.result(for: GenericTarget(baseURL: base, path: "response-headers",
                                                                 task: .query(["Set-Cookie": "id=LIVE-SECRET-SET-COOKIE"])))
        #expect(setCookie.failure == nil)
        let text = lines.withLock { $0 }.joined(separator: "\n")
        #expect(!text.isEmpty)
        #expect(!text.contains("LIVE-SECRET"))
        #expect(text.contains("<redacted>"))
        #expect(text.contains("ada"))
    }

    /// Sets a bearer token on every request, like an app's auth layer would.
    struct AccessTokenPluginForAll: PluginType {
        let token: String
        func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            var request = request
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            return request
        }
    }
}

/// Environments against a live httpbin: the same targets, switched from a made-up host to the
/// server at run time.
@Suite(.requiresHTTPBin) struct EnvironmentHTTPBinTests {
    @Test func switchingTheEnvironmentSendsTheSameTargetsToAnotherServer() async throws {
        struct Echo: Decodable { let url: String; let args: [String: String] }
        let made = APIEnvironment(name: "made-up", baseURL: URL(string: "http://127.0.0.1:9/api")!)
        let live = APIEnvironment(name: "httpbin", baseURL: try #require(TestServers.httpbin).appendingPathComponent("anything/api"))
        let prod = APIEnvironment(name: "prod", baseURL: URL(string: "https://prod.example.com/api")!)
        let environments = EnvironmentPlugin(current: made, among: [prod, live])
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [environments])
        let target = GenericTarget(baseURL: prod.baseURL, path: "users/1", task: .query(["v": 2]), timeout: 2)
        guard case .transport? = await provider.result(for: target).failure else {
            Issue.record("nothing listens on the made-up environment's port")
            return
        }
        environments.switch(to: live)
        let echo = try await provider.decode(Echo.self, from: target)
        #expect(echo.url.hasSuffix("/anything/api/users/1?v=2"))
        #expect(echo.args == ["v": "2"])
    }
}
