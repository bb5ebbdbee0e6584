import Foundation
import Testing
@testable import Quiver

@Suite struct TransportCancellationTests {
    /// Beagle's `NetworkClient`, moved onto `HTTPTransport`: a client with a completion handler
    /// and a `RequestToken` to cancel it, bridged with a cancellation handler.
    private final class CallbackClient: Sendable {
        let cancelled = Locked(0)
        let started = Locked(0)
        /// Never answers by itself; the token's `cancel` ends the call.
        func execute(_ request: TransportRequest, completion: @escaping @Sendable (Result<Response, any Error>) -> Void) -> Token {
            started.withLock { $0 += 1 }
            let done = Locked(false)
            return Token { [cancelled] in
                // A token cancels once, however often it is asked to.
                guard done.withLock({ (flag: inout Bool) -> Bool in defer { flag = true }; return !flag }) else { return }
                cancelled.withLock { $0 += 1 }
                completion(.failure(URLError(.cancelled)))
            }
        }
        struct Token: Sendable { let cancel: @Sendable () -> Void }

        /// Waits (up to 10 s, for a loaded machine) until a call reached the client, so that
        /// cancelling tests the client's token and not a request cancelled before it was sent.
        func waitUntilStarted() async {
            for _ in 0..<1_000 where started.withLock({ $0 }) == 0 {
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
        }
    }

    private struct BeagleTransport: HTTPTransport {
        let client: CallbackClient
        func send(_ request: TransportRequest) async throws -> Response {
            let token = Locked<CallbackClient.Token?>(nil)
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let made = client.execute(request) { continuation.resume(with: $0) }
                    let cancelledAlready = token.withLock { stored -> Bool in
                        defer { stored = made }
                        return Task.isCancelled
                    }
                    if cancelledAlready { made.cancel() }
                }
            } onCancel: {
                token.withLock { $0 }?.cancel()
            }
        }
    }

    @Test func theCompletionAPIsTokenCancelsTheTransport() async {
        let client = CallbackClient()
        let provider = Provider<ExampleAPI>(transport: BeagleTransport(client: client))
        let result = await waitForCompletion(within: 10) { completion in
            let token = provider.request(.user(id: 1), completion: completion)
            Task {
                await client.waitUntilStarted()
                token.cancel()
            }
        }
        guard case .cancelled = result?.failure else {
            Issue.record("expected .cancelled, got \(String(describing: result))")
            return
        }
        #expect(client.cancelled.withLock { $0 } == 1)
    }

    @Test func taskCancellationCancelsTheTransport() async {
        let client = CallbackClient()
        let provider = Provider<ExampleAPI>(transport: BeagleTransport(client: client))
        let task = Task { await provider.result(for: .user(id: 1)) }
        await client.waitUntilStarted()
        task.cancel()
        guard case .cancelled = await task.value.failure else {
            Issue.record("expected .cancelled")
            return
        }
        #expect(client.cancelled.withLock { $0 } == 1)
    }
}
