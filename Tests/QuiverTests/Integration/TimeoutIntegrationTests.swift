import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The timeout rule against a server that never answers: the target's `timeout` is where the
/// request's `timeoutInterval` starts, plugins may change it, and ``URLSessionTransport``
/// enforces what they leave as a deadline on the whole exchange, fractions of a second included.
@Suite(.requiresFaultServer) struct TimeoutIntegrationTests {
    /// A transport whose own limits are long enough to tell apart from the request's, and short
    /// enough that a regression fails the test instead of stalling the run.
    private static func transport() -> any HTTPTransport {
        TransportUnderTest.make(idleTimeout: 8, timeout: 8)
    }

    private func neverAnswers(timeout: TimeInterval? = nil) -> GenericTarget {
        GenericTarget(baseURL: url(TestServers.fault ?? TestServers.unconfigured, "/never-answers"), timeout: timeout)
    }

    @Test func aTimeoutSetByAPluginEndsTheRequest() async {
        let provider = Provider<GenericTarget>(transport: Self.transport(), plugins: [TimeoutPlugin(1)])
        let (result, elapsed) = await timed { await provider.result(for: neverAnswers()) }
        #expect(result.outcome == "timedOut")
        #expect(elapsed >= 0.9, "timed out early, after \(elapsed) s")
        #expect(elapsed < 3, "timed out late, after \(elapsed) s: the plugin's 1 s was not honoured")
    }

    @Test func aPluginMayLengthenTheTargetsTimeout() async {
        let provider = Provider<GenericTarget>(transport: Self.transport(), plugins: [TimeoutPlugin(2)])
        let (result, elapsed) = await timed { await provider.result(for: neverAnswers(timeout: 0.5)) }
        #expect(result.outcome == "timedOut")
        #expect(elapsed >= 1.9, "timed out after \(elapsed) s: the target's 0.5 s won over the plugin's 2 s")
        #expect(elapsed < 4, "timed out late, after \(elapsed) s")
    }

    @Test func aHalfSecondTargetTimeoutFiresAfterHalfASecondNotAtOnce() async {
        let provider = Provider<GenericTarget>(transport: Self.transport())
        let (result, elapsed) = await timed { await provider.result(for: neverAnswers(timeout: 0.5)) }
        #expect(result.outcome == "timedOut")
        #expect(elapsed >= 0.45, "timed out early, after \(elapsed) s")
        #expect(elapsed < 3, "timed out late, after \(elapsed) s")
    }
}
