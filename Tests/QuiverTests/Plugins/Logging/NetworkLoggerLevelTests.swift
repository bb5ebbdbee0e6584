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
}
