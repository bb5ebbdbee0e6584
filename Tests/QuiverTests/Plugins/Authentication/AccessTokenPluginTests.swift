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
}
