import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// An exchange that ends before it starts: cancelled, or its deadline already passed. The task
/// is made but never resumed, so nothing touches the network.
@Suite struct DataExchangeTests {
    private func exchange() throws -> (DataExchange, URLSessionTask) {
        let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/never")))
        let exchange = try DataExchange(request: request, hasBody: false, returnsBodyRedirects: false,
                                        fileURL: nil, progress: nil, maximumBodySize: nil)
        return (exchange, URLSession(configuration: .ephemeral).dataTask(with: request))
    }

    private func start(_ exchange: DataExchange, _ task: URLSessionTask) async -> (any Error)? {
        do {
            _ = try await withCheckedThrowingContinuation { continuation in
                exchange.start(task, continuation: continuation, deadline: 60)
            }
            return nil
        } catch {
            return error
        }
    }

    @Test func cancelledBeforeItStartsItAnswersCancelledAndSendsNothing() async throws {
        let (exchange, task) = try exchange()
        exchange.cancel()
        let error = await start(exchange, task)
        #expect(error is CancellationError)
        #expect(task.state == .suspended)
    }

    @Test func expiredBeforeItStartsItAnswersTimedOutAndSendsNothing() async throws {
        let (exchange, task) = try exchange()
        exchange.expire()
        let error = await start(exchange, task)
        #expect((error as? URLError)?.code == .timedOut)
        #expect(task.state == .suspended)
    }
}
