import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The timeout rule with no network: the target's `timeout` starts the request's
/// `timeoutInterval`, plugins may change it in `prepare`, and the transport is handed what
/// they leave.
@Suite struct ProviderTimeoutTests {
    @Test func aTimeoutSetByAPluginReachesTheTransport() async throws {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: [TimeoutPlugin(1)])
        _ = try await provider.response(for: GenericTarget(baseURL: exampleBase))
        let sent = try #require(transport.requests.first)
        #expect(sent.timeout == 1)
    }

    @Test func aPluginOverridesTheTargetsTimeout() async throws {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: [TimeoutPlugin(7)])
        _ = try await provider.response(for: GenericTarget(baseURL: exampleBase, timeout: 2))
        let sent = try #require(transport.requests.first)
        #expect(sent.timeout == 7)
    }

    @Test func withoutATargetOrPluginTimeoutTheTransportsOwnApplies() async throws {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: [HookRecorder("a", log: HookLog())])
        _ = try await provider.response(for: GenericTarget(baseURL: exampleBase))
        let sent = try #require(transport.requests.first)
        #expect(sent.timeout == nil)
    }

    /// With plugins that leave the timeout alone, the target's timeout is the deadline when it
    /// is a positive, finite number of seconds, and the transport's own applies otherwise.
    @Test(arguments: [(2.0, 2.0), (0.0, nil), (-1.0, nil), (Double.infinity, nil), (nil, nil)] as [(TimeInterval?, TimeInterval?)])
    func withQuiversOwnPluginsTheTargetsTimeoutIsTheDeadline(target timeout: TimeInterval?, sent expected: TimeInterval?) async throws {
        let transport = RecordingTransport()
        let plugins: [any PluginType] = [HeadersPlugin(["X-App": "1"]), NetworkLoggerPlugin(configuration: .init(output: { _, _ in }))]
        let provider = Provider<GenericTarget>(transport: transport, plugins: plugins)
        _ = try await provider.response(for: GenericTarget(baseURL: exampleBase, timeout: timeout))
        let sent = try #require(transport.requests.first)
        #expect(sent.timeout == expected)
    }

    @Test func aTimeoutSetByAPluginEndsADelayedStub() async {
        let provider = Provider<GenericTarget>(stubClosure: Provider.delayedStub(5), plugins: [TimeoutPlugin(0.3)])
        let (result, elapsed) = await timed { await provider.result(for: GenericTarget(baseURL: exampleBase)) }
        #expect(result.outcome == "timedOut")
        #expect(elapsed < 3, "the stub answered after \(elapsed) s: the plugin's timeout was ignored")
    }
}
