import Dispatch

/// A request with its events in a chain, for code that uses completion handlers: CodyFire's
/// `APIRequest` callbacks and CoreNetKit's observer, returned by ``Provider/call(_:callbackQueue:)->RequestHandle<Response>``.
///
/// ```swift
/// provider.call(.login(email: email, password: password))
///     .onRequestStarted { showLoader() }
///     .onNotAuthorized { showWrongPassword() }
///     .onError { error in show(error) }
///     .defer { hideLoader() }
///     .onSuccess { session in store(session) }
/// ```
///
/// **When it runs.** As in CodyFire, the request starts when ``onSuccess(_:)`` (or
/// ``onCompleted(_:)``) is attached or ``execute()`` is called: attach the other handlers first.
/// A request nobody observes runs with `execute()`. Once started it runs to its end even if
/// the handle is not kept; ``cancel()`` stops it.
///
/// **Events.** Each fires at most once (progress: once per report), in order. A handler
/// written in actor-isolated code runs on that actor (main-actor code may update its state
/// directly); one of no actor runs on the callback queue. A failure goes to the handler of its kind when one is attached
/// (``onCancellation(_:)``, ``onTimeout(_:)``, ``onNotAuthorized(_:)``,
/// ``onNetworkUnavailable(_:)``), otherwise to ``onError(_:)``. An outcome that arrives before its
/// handler is attached waits for it. ``defer(_:)`` runs after the outcome, whatever it was.
/// Attaching a handler of a kind again replaces the earlier one.
public final class RequestHandle<Success: Sendable>: Cancellable, Sendable {
    /// Runs the request, reporting progress.
    typealias Work = @Sendable (_ progress: @escaping @Sendable (ProgressResponse) -> Void) async -> Result<Success, QuiverError>

    private let work: Work
    /// Where handlers of no actor run; `nil` for the global executor.
    private let queue: DispatchQueue?
    /// Runs the handlers one after another, so that events arrive in order.
    private let delivery = CallbackDelivery()
    private let state = Locked(Events())

    init(callbackQueue: DispatchQueue?, work: @escaping Work) {
        self.work = work
        self.queue = callbackQueue
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Cancels the request: ``onCancellation(_:)`` (else ``onError(_:)``) hears of it unless the
    /// outcome was already known. A request not started yet never starts.
    public func cancel() {
        let task = state.withLock { events -> Task<Void, Never>? in
            guard !events.isCancelled else { return nil }
            events.isCancelled = true
            if !events.isStarted, events.outcome == nil {
                events.outcome = .failure(.cancelled())
            }
            return events.task
        }
        task?.cancel()
        deliver { _ in }
    }

    /// Lets the request run without a success handler (CodyFire's `execute()`), for a request
    /// whose outcome does not matter to the caller.
    ///
    /// - Returns: This handle.
    @discardableResult
    public func execute() -> RequestHandle {
        start()
        return self
    }

    /// Calls `handler` with the value when the request succeeds, and starts the request.
    ///
    /// - Parameter handler: Called with the value.
    /// - Returns: This handle.
    @discardableResult
    public func onSuccess(@_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Success) -> Void) -> RequestHandle {
        deliver { $0.handlers.success = handler }
        start()
        return self
    }

    /// CoreNetKit's name for ``onSuccess(_:)``.
    ///
    /// - Parameter handler: Called with the value.
    /// - Returns: This handle.
    @discardableResult
    public func onCompleted(@_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (Success) -> Void) -> RequestHandle {
        onSuccess(handler)
    }

    /// Calls `handler` with the error when the request fails and no handler of the failure's
    /// own kind is attached.
    ///
    /// - Parameter handler: Called with the error.
    /// - Returns: This handle.
    @discardableResult
    public func onError(@_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (QuiverError) -> Void) -> RequestHandle {
        deliver { $0.handlers.error = handler }
    }

    /// Calls `handler` with each progress report while bytes move.
    ///
    /// - Parameter handler: Called with each report.
    /// - Returns: This handle.
    @discardableResult
    public func onProgress(@_inheritActorContext _ handler: @escaping @isolated(any) @Sendable (ProgressResponse) -> Void) -> RequestHandle {
        deliver { $0.handlers.progress = handler }
    }

    /// Calls `handler` when the request is cancelled (by ``cancel()`` or its Swift `Task`), instead
    /// of ``onError(_:)``.
    ///
    /// - Parameter handler: Called once.
    /// - Returns: This handle.
    @discardableResult
    public func onCancellation(@_inheritActorContext _ handler: @escaping @isolated(any) @Sendable () -> Void) -> RequestHandle {
        deliver { $0.handlers.cancellation = handler }
    }

    /// CoreNetKit's name for ``onCancellation(_:)``.
    ///
    /// - Parameter handler: Called once.
    /// - Returns: This handle.
    @discardableResult
    public func onCanceled(@_inheritActorContext _ handler: @escaping @isolated(any) @Sendable () -> Void) -> RequestHandle {
        onCancellation(handler)
    }

    /// Calls `handler` when the request's timeout elapses, instead of ``onError(_:)``.
    ///
    /// - Parameter handler: Called once.
    /// - Returns: This handle.
    @discardableResult
    public func onTimeout(@_inheritActorContext _ handler: @escaping @isolated(any) @Sendable () -> Void) -> RequestHandle {
        deliver { $0.handlers.timeout = handler }
    }

    /// Calls `handler` when the server answers `401 Unauthorized`, instead of ``onError(_:)``.
    ///
    /// - Parameter handler: Called once.
    /// - Returns: This handle.
    @discardableResult
    public func onNotAuthorized(@_inheritActorContext _ handler: @escaping @isolated(any) @Sendable () -> Void) -> RequestHandle {
        deliver { $0.handlers.notAuthorized = handler }
    }

    /// Calls `handler` when the network cannot be reached (``QuiverError/isNetworkUnavailable``),
    /// instead of ``onError(_:)``.
    ///
    /// - Parameter handler: Called once.
    /// - Returns: This handle.
    @discardableResult
    public func onNetworkUnavailable(@_inheritActorContext _ handler: @escaping @isolated(any) @Sendable () -> Void) -> RequestHandle {
        deliver { $0.handlers.networkUnavailable = handler }
    }

    /// Calls `handler` when the request went out to the network, so a loader is never shown in
    /// vain (CodyFire's `onRequestStarted`, which is not called without a network):
    ///
    /// - never for a request refused before sending (a bad URL, a body that does not encode, a
    ///   plugin's refusal);
    /// - never for a request the network could not carry (``QuiverError/isNetworkUnavailable``:
    ///   no connection, an unknown host, a refused connection) when that is known within 0.15 s
    ///   of handing it to the transport, as it is on a device without a network;
    /// - otherwise once, before the outcome's handler: when bytes moved (progress), when the
    ///   grace period passed without an outcome, or right before an outcome that came sooner.
    ///
    /// - Parameter handler: Called once, even if the request is retried.
    /// - Returns: This handle.
    @discardableResult
    public func onRequestStarted(@_inheritActorContext _ handler: @escaping @isolated(any) @Sendable () -> Void) -> RequestHandle {
        deliver { $0.handlers.requestStarted = handler }
    }

    /// Calls `handler` once the request has ended, whatever the outcome (CoreNetKit's `defer`),
    /// after the outcome's own handler.
    ///
    /// - Parameter handler: Called once.
    /// - Returns: This handle.
    @discardableResult
    public func `defer`(@_inheritActorContext _ handler: @escaping @isolated(any) @Sendable () -> Void) -> RequestHandle {
        deliver { $0.handlers.finally = handler }
    }

    /// How long a request handed to the transport may take to fail for want of a network before
    /// ``onRequestStarted(_:)`` fires anyway, in nanoseconds: 0.15 s, longer than a device
    /// without a network takes to say so and shorter than a person notices a loader.
    static var startGracePeriod: UInt64 { 150_000_000 }

    // MARK: Running

    /// Starts the request, once.
    private func start() {
        let launch = state.withLock { events -> Bool in
            guard !events.isStarted, !events.isCancelled else { return false }
            events.isStarted = true
            return true
        }
        guard launch else { return }
        let task = Task { [self] in
            let result = await SendObserver.$handedToTransport.withValue({ self.handedToTransport() }) {
                await work { report in self.report(report) }
            }
            deliver { $0.outcome = $0.outcome ?? result }
        }
        if state.withLock({ events in events.task = task; return events.isCancelled }) {
            task.cancel()
        }
    }

    /// Notes that the request was handed to the transport, and lets the start be known once the
    /// grace period has passed.
    private func handedToTransport() {
        deliver { $0.markSent() }
        Task { [self] in
            try? await Task.sleep(nanoseconds: Self.startGracePeriod)
            deliver { $0.wentOut = true }
        }
    }

    /// Passes a progress report to the progress handler, if one is attached.
    private func report(_ report: ProgressResponse) {
        if state.withLock({ !$0.wentOut }) {
            deliver { $0.wentOut = true }   // bytes moved: the request is out
        }
        guard let handler = state.withLock({ $0.handlers.progress }) else { return }
        let queue = queue
        delivery.send { await CallbackDelivery.call(handler, with: report, on: queue) }
    }

    /// Applies `change`, then runs on the queue every call that became due.
    @discardableResult
    private func deliver(_ change: (inout Events) -> Void) -> RequestHandle {
        let queue = queue
        state.withLock { events in
            change(&events)
            let calls = events.takeDueCalls(queue: queue)
            // Sent under the lock: calls made due by two threads reach the delivery in order.
            if !calls.isEmpty {
                delivery.send {
                    for call in calls {
                        await call()
                    }
                }
            }
        }
        return self
    }
}
