import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bounded buffer between a transport that produces a response body and the one consumer
/// that iterates a ``ResponseStream``.
///
/// **Memory bound.** The producer is held back once ``highWater`` bytes wait unread: a push
/// producer (URLSession's delegate) is asked to pause through ``whenPausing(_:resuming:)`` and
/// resumed once the consumer has drained the buffer to ``lowWater``; a pull producer
/// (``send(_:)``) is suspended until then, so it never gets more than one chunk past
/// ``highWater``. A push producer that cannot pause (URLSession on Linux, see
/// ``StreamExchange``) is cut off once ``hardLimit`` bytes wait unread: the consumer
/// gets what is buffered, then ``StreamBufferOverflow``.
///
/// **Ending.** The consumer ending early (its Task cancelled, the loop left with `break`, the
/// stream dropped, a timeout) runs the cancel hook once, which closes the connection. Errors
/// reach the consumer after the chunks delivered before them, as ``QuiverError``s naming the
/// request. Exactly one ``StreamEnd`` is reported to ``onEnd``.
///
/// Its continuations are resumed exactly once: each is taken out of the locked state by
/// whoever resumes it.
final class StreamChannel: DeadlineExpiring, Sendable {
    /// How the consumer's wait ends when nothing arrives.
    struct Limits: Sendable {
        /// The longest wait for the next chunk, in seconds.
        var idle: TimeInterval?
        /// The uptime, in nanoseconds, by which the whole stream must be over.
        var endBy: UInt64?
        /// The whole-request limit in seconds, to name in the error.
        var whole: TimeInterval?
    }

    /// The end of a stream and who is to hear of it, reported outside the lock.
    private typealias EndReport = (end: StreamEnd, onEnd: @Sendable (StreamEnd) -> Void)

    private struct State {
        var chunks: [Data] = []
        var head = 0
        var buffered = 0
        var delivered: Int64 = 0
        /// The producer finished: `nil` error for a clean end.
        var producerEnded = false
        var producerError: QuiverError?
        /// The consumer has seen the end, or gave up: nothing more is delivered.
        var isClosed = false
        var consumer: UnsafeContinuation<Data?, any Error>?
        var producer: UnsafeContinuation<Bool, Never>?
        var paused = false
        var pause: (@Sendable () -> Void)?
        var resume: (@Sendable () -> Void)?
        var cancel: (@Sendable () -> Void)?
        var cancelRequested = false
        /// The producer was paused when the stream closed: it is to be resumed, so that it can end.
        var resumeOnClose = false
        var onEnd: (@Sendable (StreamEnd) -> Void)?
        var limits = Limits()
        var waitDeadline: UInt64?
        var waitIsWhole = false
        var timer: UInt64?
        var request: URLRequest?
        var wasIterated = false
    }

    /// Bytes buffered before the producer is held back.
    let highWater: Int
    /// Bytes left in the buffer when a held-back producer goes on.
    let lowWater: Int
    /// Unread bytes past which a producer that did not pause ends the stream with
    /// ``StreamBufferOverflow``.
    let hardLimit: Int
    private let state = Locked(State())

    /// The buffer size above which producers are held back, unless a stream names another.
    static let defaultHighWater = 1 << 20

    /// The hard limit on unread bytes, unless a stream names another: 64 MiB.
    static let defaultHardLimit = 64 << 20

    init(highWater: Int = StreamChannel.defaultHighWater, hardLimit: Int = StreamChannel.defaultHardLimit) {
        self.highWater = max(highWater, 1)
        self.lowWater = max(highWater, 1) / 4
        self.hardLimit = max(hardLimit, self.highWater)
    }

    // MARK: Producer side

    /// Calls `pause` when the buffer fills and `resume` when it has drained (push producers).
    func whenPausing(_ pause: @escaping @Sendable () -> Void, resuming resume: @escaping @Sendable () -> Void) {
        state.withLock {
            $0.pause = pause
            $0.resume = resume
        }
    }

    /// Calls `cancel` once when the consumer ends early; at once if it already has.
    func whenCancelled(_ cancel: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.cancelRequested { return true }
            state.cancel = cancel
            return false
        }
        if now { cancel() }
    }

    /// Whether the consumer has ended, so that producing more is pointless.
    var isClosed: Bool {
        state.withLock { $0.isClosed }
    }

    /// Adds `chunk` without waiting (push producers); asks the producer to pause when the buffer is full.
    func offer(_ chunk: Data) {
        guard !chunk.isEmpty else { return }
        var pause: (@Sendable () -> Void)?
        var overflowed = false
        let waiting = state.withLock { state -> UnsafeContinuation<Data?, any Error>? in
            guard !state.isClosed, !state.producerEnded else { return nil }
            if let consumer = state.consumer {
                state.consumer = nil
                state.delivered += Int64(chunk.count)
                disarm(&state)
                return consumer
            }
            state.chunks.append(chunk)
            state.buffered += chunk.count
            if state.buffered > hardLimit {
                // The producer did not pause: end it here, the reader gets what is buffered.
                state.producerEnded = true
                state.producerError = .transport(StreamBufferOverflow(limit: hardLimit), nil)
                state.cancelRequested = true
                overflowed = true
            } else if state.buffered >= highWater, !state.paused {
                state.paused = true
                pause = state.pause
            }
            return nil
        }
        pause?()
        waiting?.resume(returning: chunk)
        if overflowed { runCancelHookIfRequested() }
    }

    /// Adds `chunk`, waiting while the buffer is full (pull producers).
    ///
    /// - Returns: `false` once the consumer has ended: stop producing.
    func send(_ chunk: Data) async -> Bool {
        offer(chunk)
        return await withUnsafeContinuation { (continuation: UnsafeContinuation<Bool, Never>) in
            let answer = state.withLock { state -> Bool? in
                if state.isClosed { return false }
                if state.buffered < highWater { return true }
                state.producer = continuation
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// The body is over: cleanly (`error` is `nil`) or with `error`, delivered after the
    /// chunks already buffered.
    func finish(throwing error: (any Error)? = nil) {
        let outcome = state.withLock { state -> (UnsafeContinuation<Data?, any Error>, Result<Data?, any Error>, EndReport?)? in
            guard !state.isClosed, !state.producerEnded else { return nil }
            state.producerEnded = true
            if let error {
                state.producerError = Self.quiverError(error, request: state.request)
            }
            guard let consumer = state.consumer else { return nil }
            state.consumer = nil
            disarm(&state)
            return (consumer, closeDelivering(&state), takeEnd(&state))
        }
        guard let (consumer, result, end) = outcome else { return }
        report(end)
        consumer.resume(with: result)
    }

    // MARK: Consumer side

    /// Sets the request the errors name, the limits on waiting, and who hears of the end.
    func configure(request: URLRequest?, limits: Limits, onEnd: (@Sendable (StreamEnd) -> Void)?) {
        state.withLock {
            $0.request = request
            $0.limits = limits
            $0.onEnd = onEnd
        }
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
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Data?, any Error>) in
                wait(continuation)
            }
        } onCancel: {
            self.close(with: .cancelled())
        }
    }

    private func wait(_ continuation: UnsafeContinuation<Data?, any Error>) {
        var resume: (@Sendable () -> Void)?
        var producer: UnsafeContinuation<Bool, Never>?
        var end: EndReport?
        var arm: TimeInterval?
        let now = DispatchTime.now().uptimeNanoseconds
        let immediate = state.withLock { state -> Result<Data?, any Error>? in
            if state.isClosed {
                return .failure(QuiverError.cancelled(state.request))
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
            if let endBy = state.limits.endBy, now >= endBy {
                let error = QuiverError.timedOut(state.request, after: state.limits.whole)
                state.producerError = error
                end = closeCancelling(&state, error: error)
                return .failure(error)
            }
            state.consumer = continuation
            var deadline: UInt64?
            state.waitIsWhole = false
            if let idle = state.limits.idle, idle > 0, idle.isFinite {
                deadline = now &+ UInt64(min(idle, 1e9) * 1_000_000_000)
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
        let outcome = state.withLock { state -> (UnsafeContinuation<Data?, any Error>, QuiverError, EndReport?)? in
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
        let outcome = state.withLock { state -> (UnsafeContinuation<Data?, any Error>?, QuiverError, EndReport?)? in
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

    // MARK: Helpers (called under the lock)

    private func disarm(_ state: inout State) {
        state.waitDeadline = nil
        if let timer = state.timer {
            state.timer = nil
            Deadlines.shared.cancel(timer)
        }
    }

    /// Closes after the producer ended: `nil` or its error for the consumer.
    private func closeDelivering(_ state: inout State) -> Result<Data?, any Error> {
        state.isClosed = true
        state.chunks = []
        if let error = state.producerError {
            // The producer may fail before the consumer configured the request: name it now.
            return .failure(state.request.map { error.naming($0, limit: nil) } ?? error)
        }
        return .success(nil)
    }

    /// Closes before the producer ended: the cancel hook is to run; the end to report.
    private func closeCancelling(_ state: inout State, error: QuiverError) -> EndReport? {
        state.isClosed = true
        state.chunks = []
        state.buffered = 0
        disarm(&state)
        if !state.producerEnded {
            state.cancelRequested = true
        }
        if state.paused {
            state.paused = false
            state.resumeOnClose = true
        }
        state.producerError = state.producerError ?? error
        return takeEnd(&state)
    }

    private func takeEnd(_ state: inout State) -> EndReport? {
        guard let onEnd = state.onEnd else { return nil }
        state.onEnd = nil
        return (StreamEnd(byteCount: state.delivered, error: state.producerError), onEnd)
    }

    private func report(_ end: EndReport?) {
        guard let (end, onEnd) = end else { return }
        onEnd(end)
    }

    private func runCancelHookIfRequested() {
        typealias Hook = (@Sendable () -> Void)?
        let (cancel, resume, producer) = state.withLock { state -> (Hook, Hook, UnsafeContinuation<Bool, Never>?) in
            let producer = state.isClosed ? state.producer : nil
            if state.isClosed { state.producer = nil }
            let resume = state.resumeOnClose ? state.resume : nil
            state.resumeOnClose = false
            guard state.cancelRequested, let cancel = state.cancel else { return (nil, resume, producer) }
            state.cancel = nil
            return (cancel, resume, producer)
        }
        producer?.resume(returning: false)
        // Resumed before it is cancelled: a producer blocked in its pause must get to see the cancellation.
        resume?()
        cancel?()
    }

    /// What a producer's failure is to the consumer.
    static func quiverError(_ error: any Error, request: URLRequest?) -> QuiverError {
        let wrapped = QuiverError(transportError: error)
        guard let request else { return wrapped }
        return wrapped.naming(request, limit: nil)
    }
}
