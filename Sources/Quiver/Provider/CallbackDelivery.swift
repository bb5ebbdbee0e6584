import Dispatch

/// Runs the callbacks of one request one after another, in the order they were sent: each on
/// its closure's actor when it has one (a closure written in main-actor code runs on the main
/// actor, as Swift 6 checked it would), else on the callback queue, else on the global
/// concurrent executor.
///
/// Every callback API of ``Provider`` takes its closures as
/// `@isolated(any)` and inherits the caller's actor, so that the closure's isolation is known
/// here and honoured, with no `MainActor.assumeIsolated` in users' code.
///
/// A closure of the main actor waits for the main thread. One that has not started after 5 s
/// is reported once, on standard error (``MainActorWait``): a program whose main thread waits
/// for the callback (a semaphore in a `main.swift`, whose top-level code is main-actor code)
/// would otherwise hang without a word.
final class CallbackDelivery: Sendable {
    private let calls: AsyncStream<@Sendable () async -> Void>.Continuation

    /// Creates a delivery, ready to run what it is sent.
    init() {
        let (stream, calls) = AsyncStream.makeStream(of: (@Sendable () async -> Void).self)
        self.calls = calls
        Task {
            for await call in stream {
                await call()
            }
        }
    }

    deinit {
        calls.finish()
    }

    /// Runs `work` after everything sent before it.
    func send(_ work: @escaping @Sendable () async -> Void) {
        calls.yield(work)
    }

    /// Returns once everything sent so far has run.
    func flush() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            calls.yield { done.resume() }
        }
    }

    /// Calls `handler` with `value` now: on its actor, or, when it has none, on `queue` (else
    /// the global executor). `naming` names the callback, for the report of a main-actor
    /// callback that cannot start (see ``MainActorWait``, whose `patience` and `report` a test
    /// may replace).
    static func call<Value: Sendable>(_ handler: @isolated(any) @Sendable (Value) -> Void, with value: Value,
                                      on queue: DispatchQueue?,
                                      naming: @escaping @Sendable () -> String = { "a callback" },
                                      watching wait: MainActorWait.Settings = .standard) async {
        guard let watch = MainActorWait.watch(handler.isolation, naming: naming, wait) else {
            await perform(onActor: handler.isolation != nil, else: queue) { await handler(value) }
            return
        }
        await { @MainActor in
            watch.started()
            await handler(value)   // already on its actor: no hop
        }()
    }

    /// ``call(_:with:on:)`` for a handler that takes no value.
    static func call(_ handler: @isolated(any) @Sendable () -> Void, on queue: DispatchQueue?) async {
        await perform(onActor: handler.isolation != nil, else: queue) { await handler() }
    }

    /// Runs `call`, which calls a handler: as it is when the handler has an actor (the call
    /// hops there) or no queue was chosen, else with `queue` as the task's executor.
    private static func perform(onActor: Bool, else queue: DispatchQueue?, _ call: @Sendable () async -> Void) async {
        guard !onActor, let queue else {
            await call()
            return
        }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            await withTaskExecutorPreference(QueueExecutor(queue), operation: call)
        } else {
            // Before task executors (older Apple systems), a handler of no actor runs on the
            // global executor.
            await call()
        }
    }
}

/// A task executor that runs its jobs on a dispatch queue: what makes a closure of no actor run
/// on the `callbackQueue` its caller chose.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private final class QueueExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(_ queue: DispatchQueue) {
        self.queue = queue
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
