import Foundation
import Testing
@testable import Quiver

@Suite struct MinimumDurationTests {
    /// CodyFire's login with `.additionalTimeout(2)`, here a shorter one per target.
    private struct Login: TargetType, MinimumDurationProviding {
        var minimumDuration: TimeInterval
        var baseURL: URL { exampleBase }
        var path: String { "login" }
        var method: HTTPMethod { .post }
        var task: HTTPTask { .plain }
    }

    private func seconds(_ work: () async -> Void) async -> TimeInterval {
        let start = Date()
        await work()
        return Date().timeIntervalSince(start)
    }

    @Test func aSuccessIsDeliveredNoSoonerThanTheProvidersMinimum() async {
        let provider = Provider<ExampleAPI>(stubClosure: Provider.immediatelyStub, minimumDuration: 0.4)
        let elapsed = await seconds {
            #expect(await provider.result(for: .user(id: 1)).failure == nil)
        }
        #expect(elapsed >= 0.4)
    }

    @Test func theTargetsOwnMinimumWinsOverTheProviders() async {
        let provider = Provider<Login>(transport: RecordingTransport(), minimumDuration: 30)
        let elapsed = await seconds {
            #expect(await provider.result(for: Login(minimumDuration: 0.3)).failure == nil)
        }
        #expect(elapsed >= 0.3)
        #expect(elapsed < 10)
    }

    @Test func failuresAreNotDelayed() async {
        let provider = Provider<ExampleAPI>(transport: RecordingTransport(.status(500, Data())), minimumDuration: 30)
        let elapsed = await seconds {
            guard case .statusCode = await provider.result(for: .user(id: 1)).failure else {
                Issue.record("expected .statusCode")
                return
            }
        }
        #expect(elapsed < 10)
    }

    @Test func cancellingDuringTheWaitIsPrompt() async {
        let provider = Provider<ExampleAPI>(stubClosure: Provider.immediatelyStub, minimumDuration: 30)
        let elapsed = await seconds {
            let result = await waitForCompletion(within: 20) { completion in
                let request = provider.request(.user(id: 1), completion: completion)
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { request.cancel() }
            }
            guard case .cancelled = result?.failure else {
                Issue.record("expected .cancelled, got \(String(describing: result))")
                return
            }
        }
        #expect(elapsed < 10)
    }
}
