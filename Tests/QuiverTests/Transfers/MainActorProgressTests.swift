import Dispatch
import Foundation
import Testing
@testable import Quiver

/// Tells whether code runs on the main dispatch queue, where the main actor runs its jobs.
/// (`Thread.isMainThread` cannot tell: on Linux, once the main thread has called
/// `dispatchMain()`, the main queue is drained by a worker thread.)
private enum MainQueue {
    static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// What a main-actor view model records from its progress and completion closures.
@MainActor private final class ProgressLog {
    var events: [String] = []
    var offMainQueue = 0

    func record(_ event: String) {
        if !MainQueue.isCurrent { offMainQueue += 1 }
        events.append(event)
    }
}

/// ``Provider/request(_:progress:completion:)`` with `@MainActor` closures: UI code updates its
/// state from them directly. The tests are main-actor isolated themselves, so that the main
/// queue is serviced while they wait (on Linux the main actor runs on the main dispatch queue).
@Suite(.timeLimit(.minutes(1))) struct MainActorProgressTests {
    private let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub)

    @Test @MainActor func reportsThenTheCompletionArriveOnTheMainActorInOrder() async {
        let log = ProgressLog()
        let target = GenericTarget(baseURL: exampleBase, sampleData: Data(count: 10))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            provider.request(target, progress: { @MainActor report in
                log.record(report.isCompleted ? "complete \(report.progress)" : "\(report.direction) \(report.completedUnitCount)/\(report.totalUnitCount)")
            }) { result in
                log.record(result.failure == nil ? "completion" : "failure")
                done.resume()
            }
        }
        #expect(log.events == ["download 10/10", "complete 1.0", "completion"])
        #expect(log.offMainQueue == 0)
    }

    @Test @MainActor func aCancelledRequestCompletesWithCancelledOnTheMainActor() async {
        let log = ProgressLog()
        let slow = Provider<GenericTarget>(stubClosure: Provider.delayedStub(30))
        let outcome: QuiverError? = await withCheckedContinuation { done in
            let request = slow.request(GenericTarget(baseURL: exampleBase), progress: { @MainActor _ in
                log.record("progress")
            }) { result in
                log.record("completion")
                done.resume(returning: result.failure)
            }
            request.cancel()
        }
        guard case .cancelled? = outcome else {
            Issue.record("expected .cancelled, got \(String(describing: outcome))")
            return
        }
        #expect(log.events == ["completion"])
        #expect(log.offMainQueue == 0)
    }

    @Test func anUnannotatedProgressClosureKeepsTheQueueBasedOverload() async {
        // Code that is not on the main actor and writes `{ report in … }` keeps getting its
        // closures on a global queue: it may be a command-line tool that never runs the main queue.
        _ = MainQueue.key
        let onMain = Locked([Bool]())
        let target = GenericTarget(baseURL: exampleBase, sampleData: Data(count: 10))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            provider.request(target, progress: { _ in
                onMain.withLock { $0.append(MainQueue.isCurrent) }
            }) { _ in
                onMain.withLock { $0.append(MainQueue.isCurrent) }
                done.resume()
            }
        }
        #expect(onMain.withLock { $0 } == [false, false, false])
    }
}
