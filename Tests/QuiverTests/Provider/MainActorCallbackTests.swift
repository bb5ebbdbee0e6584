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

/// One endpoint, typed by its mapping, as an app declares it.
private struct MainActorUser: TargetType, DecodableMapping {
    typealias Success = User
    let id: Int
    var baseURL: URL { exampleBase }
    var path: String { "users/\(id)" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var sampleData: Data { Data(#"{"id":\#(id),"name":"Ada"}"#.utf8) }
}

/// A view model as a Swift 6 app writes one: main-actor isolated, updating its own state from
/// every callback API with plain closures: no `@MainActor` on the closures, no
/// `MainActor.assumeIsolated`. That this file compiles (Swift 6, complete checking) is half the
/// test; the other half is where the closures ran.
@MainActor private final class ProfileModel {
    var name = ""
    var events: [String] = []
    var progressShown: [Double] = []
    var offMainQueue = 0
    let provider = Provider<ExampleAPI>(stubClosure: Provider.immediatelyStub)
    let users = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub)
    /// Answers after 30 s: long enough for a cancellation always to come first.
    let slow = Provider<ExampleAPI>(stubClosure: Provider.delayedStub(30))

    private func note(_ event: String) {
        if !MainQueue.isCurrent { offMainQueue += 1 }
        events.append(event)
    }

    func loadWithCompletion(then finished: @escaping () -> Void) {
        provider.request(.user(id: 1), progress: { report in
            self.progressShown.append(report.progress)
        }) { result in
            self.name = (try? result.get().decode(User.self))?.name ?? "?"
            self.note("completion")
            finished()
        }
    }

    func loadWithCallbackQueueMain(then finished: @escaping () -> Void) {
        provider.request(.user(id: 2), callbackQueue: .main) { result in
            self.note(result.failure == nil ? "completion" : "failure")
            finished()
        }
    }

    func loadMapped() async {
        if case .success(let user) = await users.request(MainActorUser(id: 3)) { name = user.name }
        note("mapped")
    }

    func loadWithProgress() async {
        do {
            let response = try await provider.response(for: .user(id: 4)) { report in
                self.progressShown.append(report.progress)
            }
            name = try response.decode(User.self).name
            note("success")
        } catch {
            note("error \(error)")
        }
    }

    /// CodyFire's per-kind handlers (`onNotAuthorized`, `onCancellation`, `onTimeout`, …) as one
    /// `switch` in the completion.
    func loadCancelled(then finished: @escaping () -> Void) {
        slow.request(.user(id: 5)) { result in
            switch result {
            case .success: self.note("success")
            case .failure(.statusCode(let response)) where response.statusCode == 401: self.note("not authorized")
            case .failure(let error) where error.isCancelled: self.note("cancelled")
            case .failure(let error) where error.isTimeout: self.note("timed out")
            case .failure(let error) where error.isNetworkUnavailable: self.note("offline")
            case .failure: self.note("error")
            }
            finished()
        }.cancel()
    }

    func loadGroup() async {
        let results = await provider.results(for: [.user(id: 1), .user(id: 2)]) { progress in
            self.progressShown.append(progress.fractionFinished)
        }
        note("group \(results.count)")
    }
}

/// Every callback-style API used from main-actor code as users write it: the closures run on
/// the main actor and update its state directly. The tests are main-actor isolated themselves,
/// so that the main queue is serviced while they wait (on Linux the main actor runs on the
/// main dispatch queue).
@Suite(.timeLimit(.minutes(1))) struct MainActorCallbackTests {
    @Test @MainActor func aCompletionAndItsProgressUpdateAViewModel() async {
        let model = ProfileModel()
        await withCheckedContinuation { done in model.loadWithCompletion { done.resume() } }
        #expect(model.name == "Ada")
        #expect(model.progressShown.last == 1)
        #expect(model.events == ["completion"])
        #expect(model.offMainQueue == 0)
    }

    @Test @MainActor func aCallbackQueueDoesNotMoveAMainActorClosure() async {
        let model = ProfileModel()
        await withCheckedContinuation { done in model.loadWithCallbackQueueMain { done.resume() } }
        #expect(model.events == ["completion"])
        #expect(model.offMainQueue == 0)
    }

    @Test @MainActor func aTypedOutcomeUpdatesAViewModel() async {
        let model = ProfileModel()
        await model.loadMapped()
        #expect(model.name == "Ada")
        #expect(model.events == ["mapped"])
        #expect(model.offMainQueue == 0)
    }

    @Test @MainActor func asyncProgressUpdatesAViewModelBeforeTheResponseReturns() async {
        let model = ProfileModel()
        await model.loadWithProgress()
        #expect(model.name == "Ada")
        #expect(model.events == ["success"])
        #expect(model.progressShown.last == 1)
        #expect(model.offMainQueue == 0)
    }

    @Test @MainActor func aCancelledRequestReachesItsCaseOfTheCompletionOnTheMainActor() async {
        let model = ProfileModel()
        await withCheckedContinuation { done in model.loadCancelled { done.resume() } }
        #expect(model.events == ["cancelled"])
        #expect(model.offMainQueue == 0)
    }

    @Test @MainActor func groupProgressUpdatesAViewModelBeforeTheResultsReturn() async {
        let model = ProfileModel()
        await model.loadGroup()
        #expect(model.progressShown.last == 1)
        #expect(model.events == ["group 2"])
        #expect(model.offMainQueue == 0)
    }


    @Test @MainActor func explicitlyMainActorClosuresGetReportsThenTheCompletionInOrder() async {
        let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub)
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

    @Test func closuresOfNoActorRunOffTheMainQueue() async {
        let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub)
        // Code that is not on the main actor and writes `{ report in … }` gets its closures on
        // a global executor: it may be a command-line tool that never runs the main queue.
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
