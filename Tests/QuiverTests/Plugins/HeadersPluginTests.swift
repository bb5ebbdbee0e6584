import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct HeadersPluginTests {
    private let target = GenericTarget(baseURL: exampleBase, headers: ["Accept": "text/plain"])

    private func sent(with plugin: HeadersPlugin, target: GenericTarget? = nil) async throws -> URLRequest {
        let transport = RecordingTransport()
        _ = try await Provider<GenericTarget>(transport: transport, plugins: [plugin]).response(for: target ?? self.target)
        return try #require(transport.requests.first).head
    }

    @Test func staticAndDynamicHeadersAreAdded() async throws {
        let plugin = HeadersPlugin(["X-App-Version": "1.2"]) { target in ["X-Path": target.path.isEmpty ? "root" : target.path] }
        let request = try await sent(with: plugin)
        #expect(request.value(forHTTPHeaderField: "X-App-Version") == "1.2")
        #expect(request.value(forHTTPHeaderField: "X-Path") == "root")
    }

    @Test func theTargetsHeaderWinsByDefault() async throws {
        let request = try await sent(with: HeadersPlugin(["accept": "application/json"]))
        #expect(request.value(forHTTPHeaderField: "Accept") == "text/plain")
    }

    @Test func thePluginsHeaderWinsWhenConfiguredSo() async throws {
        let request = try await sent(with: HeadersPlugin(["accept": "application/json"], precedence: .plugin))
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func theTasksContentTypeCountsAsTheTargets() async throws {
        let json = GenericTarget(baseURL: exampleBase, method: .post, task: .json(["a": 1]))
        let request = try await sent(with: HeadersPlugin(["Content-Type": "text/plain"]), target: json)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func anIllegalHeaderValueRefusesTheRequest() async {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: [HeadersPlugin(["X-Bad": "a\r\nb"])])
        guard case .invalidRequest = await provider.result(for: target).failure else {
            Issue.record("expected .invalidRequest")
            return
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func aThrowingDynamicClosureRefusesTheRequest() async {
        let provider = Provider<GenericTarget>(transport: RecordingTransport(), plugins: [
            HeadersPlugin { _ in throw TestError(reason: "no locale") },
        ])
        guard case .plugin(let error) = await provider.result(for: target).failure else {
            Issue.record("expected .plugin")
            return
        }
        #expect(error as? TestError == TestError(reason: "no locale"))
    }
}

struct SecureTarget: TargetType, AccessTokenAuthorizable {
    var authorizationType: AuthorizationType?
    var baseURL: URL { exampleBase }
    var path: String { "me" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
}

@Suite struct AccessTokenPluginTests {
    private func authorization(for target: any TargetType, token: String = "t0k") async throws -> String? {
        let transport = RecordingTransport()
        let provider = Provider<MultiTarget>(transport: transport, plugins: [AccessTokenPlugin { _ in token }])
        _ = try await provider.result(for: target).get()
        return try #require(transport.requests.first).value(forHTTPHeaderField: "Authorization")
    }

    @Test(arguments: [(AuthorizationType.bearer, "Bearer t0k"), (.basic, "Basic t0k"), (.custom("Token"), "Token t0k")])
    func theTargetsSchemePrefixesTheToken(type: AuthorizationType, expected: String) async throws {
        #expect(try await authorization(for: SecureTarget(authorizationType: type)) == expected)
    }

    @Test func targetsThatDoNotAskGetNoHeader() async throws {
        #expect(try await authorization(for: SecureTarget(authorizationType: nil)) == nil)
        #expect(try await authorization(for: GenericTarget(baseURL: exampleBase)) == nil)
    }

    @Test func theTokenClosureSeesTheWrappedTarget() async throws {
        let seen = Locked([String]())
        let plugin = AccessTokenPlugin { target in
            seen.withLock { $0.append("\(type(of: target))") }
            return "x"
        }
        _ = await Provider<MultiTarget>(transport: RecordingTransport(), plugins: [plugin])
            .result(for: SecureTarget(authorizationType: .bearer))
        #expect(seen.withLock { $0 } == ["SecureTarget"])
    }

    @Test func aFailingTokenClosureRefusesTheRequest() async {
        let transport = RecordingTransport()
        let provider = Provider<SecureTarget>(transport: transport, plugins: [AccessTokenPlugin { _ in throw TestError(reason: "locked") }])
        guard case .plugin = await provider.result(for: SecureTarget(authorizationType: .bearer)).failure else {
            Issue.record("expected .plugin")
            return
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func aTokenWithALineBreakIsRefused() async {
        let provider = Provider<SecureTarget>(transport: RecordingTransport(), plugins: [AccessTokenPlugin { _ in "a\nb" }])
        guard case .invalidRequest = await provider.result(for: SecureTarget(authorizationType: .bearer)).failure else {
            Issue.record("expected .invalidRequest")
            return
        }
    }
}

@Suite struct NetworkActivityPluginTests {
    @Test func beganAndEndedPairOncePerAttempt() async {
        let changes = Locked([String]())
        let plugin = NetworkActivityPlugin { change, target in changes.withLock { $0.append("\(change) \(target.path)") } }
        let transport = ScriptedTransport { _, attempt in (attempt < 3 ? 503 : 200, [:], Data()) }
        let provider = Provider<GenericTarget>(transport: transport, plugins: [plugin],
                                               retryPolicy: RetryPolicy(baseDelay: 0.001))
        _ = await provider.result(for: GenericTarget(baseURL: exampleBase, path: "jobs"))
        #expect(changes.withLock { $0 } == ["began jobs", "ended jobs", "began jobs", "ended jobs", "began jobs", "ended jobs"])
    }

    @Test func refusedRequestsReportNothing() async {
        let changes = Locked(0)
        let plugin = NetworkActivityPlugin { _, _ in changes.withLock { $0 += 1 } }
        _ = await Provider<GenericTarget>(transport: RecordingTransport(), plugins: [plugin])
            .result(for: GenericTarget(baseURL: exampleBase, task: .data(Data("x".utf8))))
        #expect(changes.withLock { $0 } == 0)
    }
}
