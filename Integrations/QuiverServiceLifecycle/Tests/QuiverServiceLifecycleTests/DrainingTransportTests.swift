import Foundation
import Quiver
@testable import QuiverServiceLifecycle
import Testing

/// The bookkeeping of requests in flight, without a network.
struct DrainingTransportTests {
    private let request = TransportRequest(url: URL(string: "https://api.example.com/pets")!)

    /// A transport that is never reached: the checks here stop before sending.
    private struct Unreachable: HTTPTransport {
        func send(_ request: TransportRequest) async throws -> Response {
            throw URLError(.cannotConnectToHost)
        }
    }

    @Test func anExchangeWhoseTaskStartsAfterCancelAllIsCancelledAtOnce() {
        let transport = DrainingTransport(Unreachable())
        let cancelled = NSLock()
        nonisolated(unsafe) var wasCancelled = false
        let id = try? transport.admit(request)
        transport.cancelAll()
        transport.track(id ?? -1) {
            cancelled.withLock { wasCancelled = true }
        }
        #expect(cancelled.withLock { wasCancelled })
    }

    @Test func nothingIsAdmittedOnceItStopsAccepting() {
        let transport = DrainingTransport(Unreachable())
        transport.stopAccepting()
        #expect(throws: ClientShuttingDown.self) { try transport.admit(request) }
        #expect(transport.inFlightCount == 0)
    }
}
