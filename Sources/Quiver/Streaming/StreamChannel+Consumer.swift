import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The consumer side of a ``StreamChannel``: the one reader of a ``ResponseStream``.
extension StreamChannel {
    /// Sets the request the errors name and the limits on waiting.
    func configure(request: URLRequest?, limits: Limits) {
        state.withLock {
            $0.request = request
            $0.limits = limits
        }
    }

    /// Has `observations` follow the body: its chunks as the consumer gets them, and its end.
    /// Called before the stream is handed to the consumer.
    func observe(_ observations: [StreamObservation]) {
        guard !observations.isEmpty else { return }
        let chunks = observations.compactMap(\.chunk)
        state.withLock {
            $0.onEnd = { end in
                for observation in observations { observation.end(end) }
            }
            if !chunks.isEmpty {
                $0.onChunk = { chunk in
                    for observe in chunks { observe(chunk) }
                }
            }
        }
    }

    /// Who hears of each chunk the consumer gets, if anyone.
    var onChunk: (@Sendable (Data) -> Void)? {
        state.withLock { $0.onChunk }
    }

    /// Records that an iterator was made: from now on only its end closes the stream.
    func markIterated() {
        state.withLock { $0.wasIterated = true }
    }

    /// Whether an iterator was ever made.
    var wasIterated: Bool {
        state.withLock { $0.wasIterated }
    }

    /// The next chunk, `nil` at the end.
    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                wait(continuation)
            }
        } onCancel: {
            self.close(with: .cancelled())
        }
    }

    private func wait(_ continuation: CheckedContinuation<Data?, any Error>) {
        var resume: (@Sendable () -> Void)?
        var producer: CheckedContinuation<Bool, Never>?
        var end: EndReport?
        var arm: TimeInterval?
        let now = DispatchTime.now().uptimeNanoseconds
        let immediate = state.withLock { state -> Result<Data?, any Error>? in
            if state.isClosed {
                return .failure(QuiverError.cancelled(state.request))
            }
            // The limit on the whole stream holds while the body is still arriving, chunks
            // waiting or not: a reader slower than the body always finds one waiting.
            if !state.producerEnded, let endBy = state.limits.endBy, now >= endBy {
                let error = QuiverError.timedOut(state.request, after: state.limits.whole)
                state.producerError = error
                end = closeCancelling(&state, error: error)
                return .failure(error)
            }
            if state.head < state.chunks.count {
                let chunk = state.chunks[state.head]
                state.chunks[state.head] = Data()
                state.head += 1
                if state.head == state.chunks.count {
                    state.chunks.removeAll(keepingCapacity: true)
                    state.head = 0
                } else if state.head > 64 {
                    state.chunks.removeFirst(state.head)
                    state.head = 0
                }
                state.buffered -= chunk.count
                state.delivered += Int64(chunk.count)
                if state.buffered <= lowWater {
                    if state.paused {
                        state.paused = false
                        resume = state.resume
                    }
                    producer = state.producer
                    state.producer = nil
                }
                return .success(chunk)
            }
            if state.producerEnded {
                let result = closeDelivering(&state)
                end = takeEnd(&state)
                return result
            }
            state.consumer = continuation
            var deadline: UInt64?
            state.waitIsWhole = false
            if let idle = WaitTime.limit(state.limits.idle) {
                deadline = now &+ WaitTime.nanoseconds(of: idle)
            }
            if let endBy = state.limits.endBy, endBy <= (deadline ?? .max) {
                deadline = endBy
                state.waitIsWhole = true
            }
            if let deadline {
                state.waitDeadline = deadline
                arm = Double(deadline - now) / 1_000_000_000
            }
            return nil
        }
        if let arm {
            let id = Deadlines.shared.schedule(after: arm, expiring: self)
            let stale = state.withLock { state -> Bool in
                guard state.consumer != nil, state.waitDeadline != nil else { return true }
                state.timer = id
                return false
            }
            if stale { Deadlines.shared.cancel(id) }
        }
        resume?()
        producer?.resume(returning: true)
        report(end)
        if let immediate { continuation.resume(with: immediate) }
        runCancelHookIfRequested()
    }

    /// A wait's deadline passed: ends the stream with ``QuiverError/timedOut(_:after:)``.
    func expire() {
        let now = DispatchTime.now().uptimeNanoseconds
        let outcome = state.withLock { state -> (CheckedContinuation<Data?, any Error>, QuiverError, EndReport?)? in
            guard let deadline = state.waitDeadline, now >= deadline, let consumer = state.consumer else { return nil }
            state.consumer = nil
            let limit = state.waitIsWhole ? state.limits.whole : state.limits.idle
            let error = QuiverError.timedOut(state.request, after: limit)
            let end = closeCancelling(&state, error: error)
            return (consumer, error, end)
        }
        guard let (consumer, error, end) = outcome else { return }
        report(end)
        consumer.resume(throwing: error)
        runCancelHookIfRequested()
    }

    /// The consumer stopped (cancelled, or gave the stream up): closes the connection.
    func close(with error: QuiverError) {
        let outcome = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, QuiverError, EndReport?)? in
            guard !state.isClosed else { return nil }
            let error = state.request.map { error.naming($0, limit: nil) } ?? error
            let consumer = state.consumer
            state.consumer = nil
            if state.producerEnded, state.producerError == nil, state.head >= state.chunks.count {
                // Everything was delivered already: a clean end, not a cancellation.
                state.isClosed = true
                return (consumer, error, takeEnd(&state))
            }
            return (consumer, error, closeCancelling(&state, error: error))
        }
        guard let (consumer, error, end) = outcome else { return }
        report(end)
        consumer?.resume(throwing: error)
        runCancelHookIfRequested()
    }
}
