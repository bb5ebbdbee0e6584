#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Foundation
import Quiver
import QuiverCombine
import Testing

/// A file that imports both Quiver and Combine names `Cancellable` without qualifying it: it is
/// Combine's, since Quiver no longer declares one (issue 30). The file compiling is half the test.
@Suite struct CancellableNameTests {
    @Test func cancellableIsCombinesAndAQuiverRequestIsCancelledThroughItsTask() async {
        let provider = Provider<GenericTarget>(transport: FakeServer())
        let base = URL(string: "https://api.example.com") ?? URL(fileURLWithPath: "/")
        let subscription: any Cancellable = provider.requestPublisher(GenericTarget(baseURL: base))
            .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        subscription.cancel()

        let outcome: QuiverError? = await withCheckedContinuation { done in
            let request = provider.request(GenericTarget(baseURL: base, path: "slow")) { result in
                done.resume(returning: result.failure)
            }
            request.cancel()
        }
        guard case .cancelled? = outcome else {
            Issue.record("expected .cancelled, got \(String(describing: outcome))")
            return
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
