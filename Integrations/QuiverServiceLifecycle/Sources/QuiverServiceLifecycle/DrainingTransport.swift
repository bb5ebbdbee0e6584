import Foundation
import NIOConcurrencyHelpers
import Quiver

/// A transport that keeps count of the exchanges in flight through another, so that a service
/// can stop taking new ones, wait for those in flight, and cancel what is left.
///
/// Each exchange runs in a task of its own, which the caller's cancellation reaches as it would
/// the exchange itself, and which ``cancelAll()`` cancels from outside. A stream stays in flight
/// until its body ends or its reader stops.
final class DrainingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let state = NIOLockedValueBox(State())

    private struct State {
        var isAccepting = true
        /// Whether ``cancelAll()`` ran: an exchange whose task starts afterwards is cancelled at once.
        var isCancelling = false
        var nextID = 0
        /// The cancellation of each exchange in flight, by its number (`nil` until its task exists).
        var inFlight: [Int: (@Sendable () -> Void)?] = [:]
    }

    init(_ base: any HTTPTransport) {
        self.base = base
    }

    func send(_ request: TransportRequest) async throws -> Response {
        let id = try admit(request)
        defer { finish(id) }
        let exchange = Task { try await base.send(request) }
        track(id) { exchange.cancel() }
        return try await withTaskCancellationHandler {
            try await exchange.value
        } onCancel: {
            exchange.cancel()
        }
    }

    func stream(_ request: TransportRequest) async throws -> ResponseStream {
        let id = try admit(request)
        let opening = Task { try await base.stream(request) }
        track(id) { opening.cancel() }
        let stream: ResponseStream
        do {
            stream = try await withTaskCancellationHandler {
                try await opening.value
            } onCancel: {
                opening.cancel()
            }
        } catch {
            finish(id)
            throw error
        }
        track(id) { stream.cancel() }
        return ResponseStream(response: stream.response, chunks: TrackedChunks(stream: stream) { [weak self] in
            self?.finish(id)
        })
    }

    /// Takes no new exchange from now on: each fails with ``ClientShuttingDown``, unsent.
    func stopAccepting() {
        state.withLockedValue { $0.isAccepting = false }
    }

    /// How many exchanges are in flight.
    var inFlightCount: Int {
        state.withLockedValue { $0.inFlight.count }
    }

    /// Cancels every exchange in flight: each ends as its transport ends a cancelled one, and a
    /// provider reports `QuiverError.cancelled`.
    func cancelAll() {
        let cancellations = state.withLockedValue { state in
            state.isCancelling = true
            return state.inFlight.values.compactMap { $0 }
        }
        for cancel in cancellations {
            cancel()
        }
    }

    /// Stops taking exchanges, waits up to `gracePeriod` for those in flight to end, then cancels
    /// the rest and waits (up to a second) for them to go.
    func drain(within gracePeriod: Duration) async {
        stopAccepting()
        let clock = ContinuousClock()
        await waitUntilIdle(before: clock.now.advanced(by: gracePeriod))
        if inFlightCount > 0 {
            cancelAll()
            await waitUntilIdle(before: clock.now.advanced(by: .seconds(1)))
        }
    }

    private func waitUntilIdle(before deadline: ContinuousClock.Instant) async {
        while inFlightCount > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    func admit(_ request: TransportRequest) throws(ClientShuttingDown) -> Int {
        let id: Int? = state.withLockedValue { state in
            guard state.isAccepting else { return nil }
            state.nextID += 1
            state.inFlight[state.nextID] = .some(nil)
            return state.nextID
        }
        guard let id else { throw ClientShuttingDown(method: request.method, url: request.url) }
        return id
    }

    func track(_ id: Int, cancel: @escaping @Sendable () -> Void) {
        let isCancelling = state.withLockedValue { state in
            if state.inFlight[id] != nil {
                state.inFlight[id] = cancel
            }
            return state.isCancelling
        }
        // Admitted before everything was cancelled, its task made after: it is cancelled too.
        if isCancelling {
            cancel()
        }
    }

    private func finish(_ id: Int) {
        _ = state.withLockedValue { $0.inFlight.removeValue(forKey: id) }
    }
}

/// A stream's body, read through, that says when it ended: read to its end, failed, or its
/// reader stopped (which also stops the stream underneath).
private struct TrackedChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let stream: ResponseStream
    let onEnd: @Sendable () -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: ResponseStream.AsyncIterator
        let stream: ResponseStream
        let onEnd: @Sendable () -> Void

        mutating func next() async throws -> Data? {
            do {
                let stream = stream
                let chunk = try await withTaskCancellationHandler {
                    try await base.next()
                } onCancel: {
                    stream.cancel()
                }
                if chunk == nil { onEnd() }
                return chunk
            } catch {
                onEnd()
                throw error
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), stream: stream, onEnd: onEnd)
    }
}
