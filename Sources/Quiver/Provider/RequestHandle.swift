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
/// **Events.** Each fires at most once (progress: once per report), in order, on the callback
/// queue. A failure goes to the handler of its kind when one is attached
/// (``onCancellation(_:)``, ``onTimeout(_:)``, ``onNotAuthorized(_:)``,
/// ``onNetworkUnavailable(_:)``), otherwise to ``onError(_:)``. An outcome that arrives before its
/// handler is attached waits for it. ``defer(_:)`` runs after the outcome, whatever it was.
/// Attaching a handler of a kind again replaces the earlier one.
public final class RequestHandle<Success: Sendable>: Cancellable, Sendable {
    /// Runs the request, reporting progress.
    typealias Work = @Sendable (_ progress: @escaping @Sendable (ProgressResponse) -> Void) async -> Result<Success, QuiverError>

    private let work: Work
    /// A serial queue on the callback queue, so that events arrive in order.
    private let queue: DispatchQueue
    private let state = Locked(Events())

    init(callbackQueue: DispatchQueue, work: @escaping Work) {
        self.work = work
        self.queue = DispatchQueue(label: "quiver.request-handle", target: callbackQueue)
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
    public func onSuccess(_ handler: @escaping @Sendable (Success) -> Void) -> RequestHandle {
        deliver { $0.handlers.success = handler }
        start()
        return self
    }

    /// CoreNetKit's name for ``onSuccess(_:)``.
    ///
    /// - Parameter handler: Called with the value.
    /// - Returns: This handle.
    @discardableResult
    public func onCompleted(_ handler: @escaping @Sendable (Success) -> Void) -> RequestHandle {
        onSuccess(handler)
    }

    /// Calls `handler` with the error when the request fails and no handler of the failure's
    /// own kind is attached.
    ///
    /// - Parameter handler: Called with the error.
    /// - Returns: This handle.
    @discardableResult
    public func onError(_ handler: @escaping @Sendable (QuiverError) -> Void) -> RequestHandle {
        deliver { $0.handlers.error = handler }
    }

    /// Calls `handler` with each progress report while bytes move.
    ///
    /// - Parameter handler: Called with each report.
    /// - Returns: This handle.
    @discardableResult
    public func onProgress(_ handler: @escaping @Sendable (ProgressResponse) -> Void) -> RequestHandle {
        deliver { $0.handlers.progress = handler }
    }

    /// Calls `handler` when the request is cancelled (by ``cancel()`` or its Swift `Task`), instead
    /// of ``onError(_:)``.
    ///
    /// - Parameter handler: Called once.
    /// - Returns: This handle.
    @discardableResult
    public func onCancellation(_ handler: @escaping @Sendable () -> Void) -> RequestHandle {
        deliver { $0.handlers.cancellation = handler }
    }

    /// CoreNetKit's name for ``onCancellation(_:)``.
    ///
    /// - Parameter handler: Called once.
    /// - Returns: This handle.
    @discardableResult
    public func onCanceled(_ handler: @escaping @Sendable () -> Void) -> RequestHandle {
        onCancellation(handler)
    }

    /// Calls `handler` when the request's timeout elapses, instead of ``onError(_:)``.
    ///
    /// - Parameter handler: Called once.
    /// - Returns: This handle.
    @discardableResult
    public func onTimeout(_ handler: @escaping @Sendable () -> Void) -> RequestHandle {
        deliver { $0.handlers.timeout = handler }
    }

    /// Calls `handler` when the server answers `401 Unauthorized`, instead of ``onError(_:)``.
    ///
    /// - Parameter handler: Called once.
    /// - Returns: This handle.
    @discardableResult
    public func onNotAuthorized(_ handler: @escaping @Sendable () -> Void) -> RequestHandle {
        deliver { $0.handlers.notAuthorized = handler }
    }

    /// Calls `handler` when the network cannot be reached (``QuiverError/isNetworkUnavailable``),
    /// instead of ``onError(_:)``.
    ///
    /// - Parameter handler: Called once.
    /// - Returns: This handle.
    @discardableResult
    public func onNetworkUnavailable(_ handler: @escaping @Sendable () -> Void) -> RequestHandle {
        deliver { $0.handlers.networkUnavailable = handler }
    }

    /// Calls `handler` when the request is handed to the network, after every plugin agreed: never
    /// for a request refused before sending (a bad URL, a body that does not encode, a plugin's
    /// refusal), so a loader is not shown in vain.
    ///
    /// - Parameter handler: Called once, even if the request is retried.
    /// - Returns: This handle.
    @discardableResult
    public func onRequestStarted(_ handler: @escaping @Sendable () -> Void) -> RequestHandle {
        deliver { $0.handlers.requestStarted = handler }
    }

    /// Calls `handler` once the request has ended, whatever the outcome (CoreNetKit's `defer`),
    /// after the outcome's own handler.
    ///
    /// - Parameter handler: Called once.
    /// - Returns: This handle.
    @discardableResult
    public func `defer`(_ handler: @escaping @Sendable () -> Void) -> RequestHandle {
        deliver { $0.handlers.finally = handler }
    }

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
            let result = await SendObserver.$handedToTransport.withValue({ self.deliver { $0.markSent() } }) {
                await work { report in self.report(report) }
            }
            deliver { $0.outcome = $0.outcome ?? result }
        }
        if state.withLock({ events in events.task = task; return events.isCancelled }) {
            task.cancel()
        }
    }

    /// Passes a progress report to the progress handler, if one is attached.
    private func report(_ report: ProgressResponse) {
        guard let handler = state.withLock({ $0.handlers.progress }) else { return }
        queue.async { handler(report) }
    }

    /// Applies `change`, then runs on the queue every call that became due.
    @discardableResult
    private func deliver(_ change: (inout Events) -> Void) -> RequestHandle {
        let calls = state.withLock { events in
            change(&events)
            return events.takeDueCalls()
        }
        if !calls.isEmpty {
            queue.async {
                for call in calls {
                    call()
                }
            }
        }
        return self
    }
}
