import Foundation
import Testing
@testable import Quiver

@Suite struct NetworkLoggerLevelTests {
    @Test func theLevelChangesAtRunTimeForTheProvidersCopy() async {
        let lines = Locked([String]())
        let logger = NetworkLoggerPlugin(configuration: .init(output: { _, items in lines.withLock { $0 += items } }, level: .info))
        let provider = Provider<ExampleAPI>(stubClosure: Provider.immediatelyStub, plugins: [logger])
        _ = await provider.result(for: .user(id: 1))
        #expect(!lines.withLock { $0 }.isEmpty)

        logger.level = .error   // CodyFire.shared.logLevel = .error
        lines.withLock { $0 = [] }
        _ = await provider.result(for: .user(id: 1))
        #expect(lines.withLock { $0 }.isEmpty)
        #expect(logger.configuration.level == .info)
    }

    @Test func settingTheLevelFromManyThreadsIsSafe() async {
        let logger = NetworkLoggerPlugin()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { logger.level = index.isMultiple(of: 2) ? .off : .debug }
            }
        }
        logger.level = .off
        #expect(logger.level == .off)
    }

    /// A target that counts how often it is asked whether it is logged.
    private struct Counted: TargetType, NetworkLoggable {
        let asked: Locked<Int>
        let status: Int
        var baseURL: URL { exampleBase }
        var path: String { "counted" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
        var isNetworkLoggingEnabled: Bool {
            asked.withLock { $0 += 1 }
            return true
        }
    }

    @Test func atALevelThatWritesNothingTheTargetIsNotAsked() async {
        let lines = Locked([String]())
        let logger = NetworkLoggerPlugin(configuration: .init(output: { _, items in lines.withLock { $0 += items } }, level: .error))
        let provider = Provider<Counted>(endpointClosure: { target in
            Provider.defaultEndpointMapping(for: target).replacing(sampleResponseClosure: { .networkResponse(target.status, Data()) })
        }, stubClosure: Provider.immediatelyStub, plugins: [logger])
        let success = Counted(asked: Locked(0), status: 200)
        _ = await provider.result(for: success)
        #expect(success.asked.withLock { $0 } == 0)
        #expect(lines.withLock { $0 }.isEmpty)
        // A failure is written at this level: the target is asked, once.
        let failure = Counted(asked: Locked(0), status: 500)
        _ = await provider.result(for: failure)
        #expect(failure.asked.withLock { $0 } == 1)
        #expect(!lines.withLock { $0 }.isEmpty)
    }
}
