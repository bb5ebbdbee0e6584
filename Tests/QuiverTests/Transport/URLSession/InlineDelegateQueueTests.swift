#if canImport(FoundationNetworking)
import Foundation
import Testing
@testable import Quiver

@Suite struct InlineDelegateQueueTests {
    @Test func runsEachOperationBeforeAddOperationReturns() {
        let queue = InlineDelegateQueue()
        let order = Locked([Int]())
        for index in 0..<3 {
            queue.addOperation { order.withLock { $0.append(index) } }
            #expect(order.withLock { $0.count } == index + 1)
        }
        #expect(order.withLock { $0 } == [0, 1, 2])
    }
}
#endif
