import Foundation
@testable import Quiver

/// A transport that holds every request until ``open()`` is called (or a safety time passes).
final class GatedTransport: HTTPTransport {
    private let state = Locked((open: false, sent: 0))
    let safetyOpening: TimeInterval

    init(safetyOpening: TimeInterval) {
        self.safetyOpening = safetyOpening
    }

    var isOpen: Bool { state.withLock { $0.open } }
    var sent: Int { state.withLock { $0.sent } }

    func open() {
        state.withLock { $0.open = true }
    }

    func send(_ request: TransportRequest) async throws -> Response {
        state.withLock { $0.sent += 1 }
        let deadline = Date().addingTimeInterval(safetyOpening)
        while !isOpen {
            if Date() >= deadline { open() }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        return Response(statusCode: 200, data: Data("shared".utf8))
    }
}
