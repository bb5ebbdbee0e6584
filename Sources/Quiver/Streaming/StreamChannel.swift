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
/// gets what is buffered, then ``StreamError/readerFellBehind(limit:)``.
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
    typealias EndReport = (end: StreamEnd, onEnd: @Sendable (StreamEnd) -> Void)

    struct State {
        var chunks: [Data] = []
        var head = 0
        var buffered = 0
        var delivered: Int64 = 0
        /// The producer finished: `nil` error for a clean end.
        var producerEnded = false
        var producerError: QuiverError?
        /// The consumer has seen the end, or gave up: nothing more is delivered.
        var isClosed = false
        var consumer: CheckedContinuation<Data?, any Error>?
        var producer: CheckedContinuation<Bool, Never>?
        var paused = false
        var pause: (@Sendable () -> Void)?
        var resume: (@Sendable () -> Void)?
        var cancel: (@Sendable () -> Void)?
        var cancelRequested = false
        /// The producer was paused when the stream closed: it is to be resumed, so that it can end.
        var resumeOnClose = false
        var onEnd: (@Sendable (StreamEnd) -> Void)?
        var onChunk: (@Sendable (Data) -> Void)?
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
    /// ``StreamError/readerFellBehind(limit:)``.
    let hardLimit: Int
    let state = Locked(State())

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
        let waiting = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
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
                state.producerError = .transport(StreamError.readerFellBehind(limit: hardLimit), nil)
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
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
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
        let outcome = state.withLock { state -> (CheckedContinuation<Data?, any Error>, Result<Data?, any Error>, EndReport?)? in
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

    // MARK: Helpers (called under the lock)

    func disarm(_ state: inout State) {
        state.waitDeadline = nil
        if let timer = state.timer {
            state.timer = nil
            Deadlines.shared.cancel(timer)
        }
    }

    /// Closes after the producer ended: `nil` or its error for the consumer.
    func closeDelivering(_ state: inout State) -> Result<Data?, any Error> {
        state.isClosed = true
        state.chunks = []
        if let error = state.producerError {
            // The producer may fail before the consumer configured the request: name it now.
            return .failure(state.request.map { error.naming($0, limit: nil) } ?? error)
        }
        return .success(nil)
    }

    /// Closes before the producer ended: the cancel hook is to run; the end to report.
    func closeCancelling(_ state: inout State, error: QuiverError) -> EndReport? {
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

    func takeEnd(_ state: inout State) -> EndReport? {
        guard let onEnd = state.onEnd else { return nil }
        state.onEnd = nil
        return (StreamEnd(byteCount: state.delivered, error: state.producerError), onEnd)
    }

    func report(_ end: EndReport?) {
        guard let (end, onEnd) = end else { return }
        onEnd(end)
    }

    func runCancelHookIfRequested() {
        typealias Hook = (@Sendable () -> Void)?
        let (cancel, resume, producer) = state.withLock { state -> (Hook, Hook, CheckedContinuation<Bool, Never>?) in
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
