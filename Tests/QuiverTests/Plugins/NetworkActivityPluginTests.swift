import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

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
