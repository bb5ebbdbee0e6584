import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A transport that holds each request for a while and counts how many run at once.
final class GaugedTransport: HTTPTransport {
    private let state = Locked((running: 0, peak: 0, sent: [String]()))
    let delay: TimeInterval
    let failingPath: String?

    init(delay: TimeInterval = 0.02, failingPath: String? = nil) {
        self.delay = delay
        self.failingPath = failingPath
    }

    var peak: Int { state.withLock { $0.peak } }
    var sent: [String] { state.withLock { $0.sent } }

    func send(_ request: TransportRequest) async throws -> Response {
        let path = request.url.path
        state.withLock { state in
            state.running += 1
            state.peak = max(state.peak, state.running)
            state.sent.append(path)
        }
        defer { state.withLock { $0.running -= 1 } }
        try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        let status = path.hasSuffix(failingPath ?? "\u{0}") ? 500 : 200
        return Response(statusCode: status, data: Data(path.utf8))
    }
}

@Suite struct RequestGroupTests {
    private func targets(_ count: Int) -> [GenericTarget] {
        (0..<count).map { GenericTarget(baseURL: exampleBase, path: "items/\($0)") }
    }

    @Test func resultsComeBackInOrderWithinTheConcurrencyLimit() async throws {
        // 0.1 s per request: long enough that three start together even on a busy machine.
        let transport = GaugedTransport(delay: 0.1)
        let provider = Provider<GenericTarget>(transport: transport)
        let results = await provider.results(for: targets(12), maximumConcurrency: 3)
        #expect(try results.map { String(decoding: try $0.get().data, as: UTF8.self) } == (0..<12).map { "/v2/items/\($0)" })
        #expect(transport.peak == 3)
    }

    @Test func collectAllKeepsGoingAfterAFailure() async {
        let transport = GaugedTransport(failingPath: "items/2")
        let results = await Provider<GenericTarget>(transport: transport).results(for: targets(6), maximumConcurrency: 2)
        #expect(results.map { $0.failure == nil } == [true, true, false, true, true, true])
        #expect(transport.sent.count == 6)
    }

    @Test func stopAtFirstFailureCancelsTheRest() async {
        // 0.2 s per request: a busy machine noticing the failure late must not let more start.
        let transport = GaugedTransport(delay: 0.2, failingPath: "items/1")
        let results = await Provider<GenericTarget>(transport: transport)
            .results(for: targets(10), maximumConcurrency: 2, failurePolicy: .stopAtFirstFailure)
        #expect(results[1].failure?.response?.statusCode == 500)
        let cancelled = results.filter { if case .cancelled? = $0.failure { true } else { false } }
        #expect(cancelled.count >= 7)
        #expect(transport.sent.count <= 4)
    }

    @Test func aConcurrencyBelowOneStillRunsOneAtATime() async {
        let transport = GaugedTransport(delay: 0.001)
        let results = await Provider<GenericTarget>(transport: transport).results(for: targets(3), maximumConcurrency: 0)
        #expect(results.count == 3)
        #expect(transport.peak == 1)
        #expect(await Provider<GenericTarget>(transport: transport).results(for: []).isEmpty)
    }

    @Test func mappedTargetsReturnTheirOutputsInOrder() async {
        let provider = Provider<Library>(stubClosure: Provider.immediatelyStub)
        #expect(await provider.request([.book(id: 1), .shelf, .book(id: 3)], maximumConcurrency: 2)
            == [.book(title: "Book 1"), .shelf(count: 3), .book(title: "Book 3")])
    }
}
