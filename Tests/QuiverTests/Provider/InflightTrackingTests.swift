import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct InflightTrackingTests {
    @Test func identicalGetsInFlightAreSentOnce() async {
        // Held for 1 s, so that all twenty callers join it even when their tasks start late.
        let transport = GaugedTransport(delay: 1)
        let provider = Provider<GenericTarget>(transport: transport, trackInflights: true)
        let target = GenericTarget(baseURL: exampleBase, path: "same", headers: ["Accept": "application/json"])
        let results = await withTaskGroup(of: Result<Response, QuiverError>.self) { group in
            for _ in 0..<20 { group.addTask { await provider.result(for: target) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.failure == nil })
        #expect(transport.sent == ["/v2/same"])
        #expect(provider.trackInflights)
    }

    @Test func differentRequestsAndPostsAreNotShared() async {
        let transport = GaugedTransport(delay: 0.05)
        let provider = Provider<GenericTarget>(transport: transport, trackInflights: true)
        async let a = provider.result(for: GenericTarget(baseURL: exampleBase, path: "a"))
        async let b = provider.result(for: GenericTarget(baseURL: exampleBase, path: "a", headers: ["X-V": "2"]))
        async let c = provider.result(for: GenericTarget(baseURL: exampleBase, path: "a", method: .post))
        async let d = provider.result(for: GenericTarget(baseURL: exampleBase, path: "a", method: .post))
        _ = await (a, b, c, d)
        #expect(transport.sent.count == 4)
    }

    @Test func withoutTrackingEveryRequestIsSent() async {
        let transport = GaugedTransport(delay: 0.05)
        let provider = Provider<GenericTarget>(transport: transport)
        let target = GenericTarget(baseURL: exampleBase, path: "same")
        async let a = provider.result(for: target)
        async let b = provider.result(for: target)
        _ = await (a, b)
        #expect(transport.sent.count == 2)
    }

    @Test func aCancelledWaiterStopsAtOnceAndTheOthersStillGetTheResponse() async {
        // "At once" is checked as an order, not against a clock (a 0.2 s bound failed on a busy
        // 2-core machine): the shared request is held until the test opens the gate, so a
        // cancelled waiter that returns before that cannot have waited for the response. The
        // gate opens by itself after 30 s, so a regression fails instead of hanging.
        let transport = GatedTransport(safetyOpening: 30)
        let provider = Provider<GenericTarget>(transport: transport, trackInflights: true)
        let target = GenericTarget(baseURL: exampleBase, path: "shared")
        let keeper = Task { await provider.result(for: target) }
        let quitter = Task { await provider.result(for: target) }
        #expect(await waitUntil { transport.sent == 1 })
        try? await Task.sleep(nanoseconds: 100_000_000)  // the second caller joins it
        quitter.cancel()
        guard case .cancelled? = await quitter.value.failure else {
            Issue.record("expected .cancelled for the cancelled waiter")
            return
        }
        #expect(!transport.isOpen, "the cancelled waiter returned only after the shared response")
        transport.open()
        #expect(await keeper.value.failure == nil)
        #expect(transport.sent == 1)
    }

    @Test func whenEveryWaiterCancelsTheSharedRequestIsCancelled() async {
        let transport = GaugedTransport(delay: 5)
        let provider = Provider<GenericTarget>(transport: transport, trackInflights: true)
        let target = GenericTarget(baseURL: exampleBase, path: "abandoned")
        let only = Task { await provider.result(for: target) }
        #expect(await waitUntil { transport.sent.count == 1 })
        only.cancel()
        _ = await only.value
        // A new request starts afresh rather than joining the abandoned one.
        let again = Task { await provider.result(for: target) }
        #expect(await waitUntil { transport.sent.count == 2 })
        again.cancel()
        _ = await again.value
        #expect(transport.sent.count == 2)
    }
}
