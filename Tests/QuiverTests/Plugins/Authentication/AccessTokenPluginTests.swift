import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct AccessTokenPluginTests {
    private func authorization(for target: any TargetType, token: String = "t0k") async throws -> String? {
        let transport = RecordingTransport()
        let provider = Provider<MultiTarget>(transport: transport, plugins: [AccessTokenPlugin { _ in token }])
        _ = try await provider.response(for: MultiTarget(target))
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
            .result(for: MultiTarget(SecureTarget(authorizationType: .bearer)))
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

    /// A token that changes between requests is sent as it is now.
    @Test func theTokenOfTheMomentIsSent() async throws {
        let current = Locked("first-token")
        let transport = RecordingTransport()
        let provider = Provider<SecureTarget>(transport: transport, plugins: [AccessTokenPlugin { _ in current.withLock { $0 } }])
        _ = try await provider.response(for: SecureTarget(authorizationType: .bearer))
        current.withLock { $0 = "second-token" }
        _ = try await provider.response(for: SecureTarget(authorizationType: .bearer))
        _ = try await provider.response(for: SecureTarget(authorizationType: .bearer))
        #expect(transport.requests.map { $0.headerFields["Authorization"] }
                == ["Bearer first-token", "Bearer second-token", "Bearer second-token"])
    }

    /// A token that cannot be a header value is refused whatever was sent before it, and the
    /// next good one is sent again.
    @Test func aBadTokenIsRefusedBetweenGoodOnes() async throws {
        let current = Locked("good-token")
        let transport = RecordingTransport()
        let provider = Provider<SecureTarget>(transport: transport, plugins: [AccessTokenPlugin { _ in current.withLock { $0 } }])
        _ = try await provider.response(for: SecureTarget(authorizationType: .bearer))
        for bad in ["a\r\nX-Injected: 1", "line\nbreak", "nul\u{0}"] {
            current.withLock { $0 = bad }
            guard case .invalidRequest = await provider.result(for: SecureTarget(authorizationType: .bearer)).failure else {
                Issue.record("expected .invalidRequest for \(String(reflecting: bad))")
                continue
            }
        }
        current.withLock { $0 = "good-token" }
        _ = try await provider.response(for: SecureTarget(authorizationType: .bearer))
        #expect(transport.requests.map { $0.headerFields["Authorization"] } == ["Bearer good-token", "Bearer good-token"])
    }
}
