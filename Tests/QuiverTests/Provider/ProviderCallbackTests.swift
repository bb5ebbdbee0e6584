import Dispatch
import Foundation
import Testing
@testable import Quiver

@Suite struct ProviderCallbackTests {
    @Test func theCompletionRunsOnTheGivenQueue() async {
        let queue = DispatchQueue(label: "quiver.tests.callback")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "callback")
        let provider = Provider<ExampleAPI>(stubClosure: Provider.immediatelyStub)
        let seen = Locked<String?>(nil)
        let result = await waitForCompletion { done in
            provider.request(.user(id: 1), callbackQueue: queue) { result in
                seen.withLock { $0 = DispatchQueue.getSpecific(key: key) }
                done(result)
            }
        }
        #expect(result != nil)
        #expect(seen.withLock { $0 } == "callback")
    }

    @Test func theProvidersQueueIsUsedWhenTheCallNamesNone() async {
        let queue = DispatchQueue(label: "quiver.tests.provider")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "provider")
        let provider = Provider<ExampleAPI>(stubClosure: Provider.immediatelyStub, callbackQueue: queue)
        let seen = Locked<String?>(nil)
        _ = await waitForCompletion { done in
            provider.request(.user(id: 1)) { result in
                seen.withLock { $0 = DispatchQueue.getSpecific(key: key) }
                done(result)
            }
        }
        #expect(seen.withLock { $0 } == "provider")
    }

    @Test func waitingOnASemaphoreForTheDefaultQueueDoesNotDeadlock() async throws {
        let provider = Provider<ExampleAPI>(stubClosure: Provider.immediatelyStub)
        let result = await waitForCompletion { done in
            provider.request(.user(id: 4), completion: done)
        }
        let response = try #require(result).get()
        #expect(try response.decode(User.self) == User(id: 4, name: "Ada"))
    }

    @Test func cancelEndsTheRequestAtOnceWithCancelled() async throws {
        let provider = Provider<ExampleAPI>(stubClosure: Provider.delayedStub(30))
        let started = Date()
        let flags = Locked<(before: Bool, after: Bool)>((true, false))
        let result = await waitForCompletion { done in
            let cancellable = provider.request(.user(id: 1), completion: done)
            let before = cancellable.isCancelled
            cancellable.cancel()
            flags.withLock { $0 = (before, cancellable.isCancelled) }
        }
        guard case .cancelled = try #require(result).failure else {
            Issue.record("expected .cancelled, got \(String(describing: result))")
            return
        }
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(flags.withLock { $0.before } == false)
        #expect(flags.withLock { $0.after } == true)
    }

    @Test func theCompletionIsCalledExactlyOnceEvenWhenCancelledTwice() async throws {
        let provider = Provider<ExampleAPI>(stubClosure: Provider.delayedStub(30))
        let calls = Locked(0)
        let cancellable = provider.request(.user(id: 1)) { _ in calls.withLock { $0 += 1 } }
        cancellable.cancel()
        cancellable.cancel()
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func progressEndsWithTheCompleteResponseBeforeTheCompletion() async {
        let provider = Provider<ExampleAPI>(stubClosure: Provider.immediatelyStub)
        let events = Locked([String]())
        _ = await waitForCompletion { done in
            provider.request(.user(id: 1), progress: { progress in
                events.withLock { $0.append("progress \(progress.progress) \(progress.isCompleted)") }
            }, completion: { result in
                events.withLock { $0.append("completion") }
                done(result)
            })
        }
        // The stub reports its body as downloaded, then the complete response comes, then the completion.
        #expect(events.withLock { $0 } == ["progress 1.0 false", "progress 1.0 true", "completion"])
    }
}
