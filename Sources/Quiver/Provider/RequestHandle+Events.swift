import Dispatch

extension RequestHandle {
    /// The handlers attached to a ``RequestHandle``.
    struct Handlers {
        var success: (@isolated(any) @Sendable (Success) -> Void)?
        var error: (@isolated(any) @Sendable (QuiverError) -> Void)?
        var progress: (@isolated(any) @Sendable (ProgressResponse) -> Void)?
        var cancellation: (@isolated(any) @Sendable () -> Void)?
        var timeout: (@isolated(any) @Sendable () -> Void)?
        var notAuthorized: (@isolated(any) @Sendable () -> Void)?
        var networkUnavailable: (@isolated(any) @Sendable () -> Void)?
        var requestStarted: (@isolated(any) @Sendable () -> Void)?
        var finally: (@isolated(any) @Sendable () -> Void)?
    }

    /// What happened to a ``RequestHandle``'s request, and which events are still to deliver.
    struct Events {
        var handlers = Handlers()
        var isStarted = false
        var isCancelled = false
        var task: Task<Void, Never>?
        /// The request was handed to the network and no handler has heard of it yet.
        var sentUndelivered = false
        /// Whether the request was ever handed to the network.
        var wasSent = false
        /// Whether the request is known to have gone out: bytes moved, or the start's grace
        /// period passed without an outcome.
        var wentOut = false
        var outcome: Result<Success, QuiverError>?
        var outcomeDelivered = false
        var finallyDelivered = false

        /// Notes that an attempt was handed to the transport; only the first one counts.
        mutating func markSent() {
            guard !wasSent, outcome == nil else { return }
            wasSent = true
            sentUndelivered = true
        }

        /// The calls now due, each taken so it is never made twice: the start, the outcome to
        /// the handler of its kind, then `defer`.
        mutating func takeDueCalls(queue: DispatchQueue?) -> [@Sendable () async -> Void] {
            var calls: [@Sendable () async -> Void] = []
            if sentUndelivered, let started = handlers.requestStarted {
                if let outcome {
                    // An outcome that came within the grace period decides: a network that could
                    // not carry the request means it never went out.
                    sentUndelivered = false
                    let unavailable = if case .failure(let error) = outcome { error.isNetworkUnavailable } else { false }
                    if !outcomeDelivered, !unavailable {
                        calls.append { await CallbackDelivery.call(started, on: queue) }
                    }
                } else if wentOut {
                    sentUndelivered = false
                    calls.append { await CallbackDelivery.call(started, on: queue) }
                }
            }
            guard let outcome else { return calls }
            if !outcomeDelivered {
                switch outcome {
                case .success(let value):
                    if let success = handlers.success {
                        calls.append { await CallbackDelivery.call(success, with: value, on: queue) }
                        outcomeDelivered = true
                    }
                case .failure(let error):
                    if let handler = handler(for: error, queue: queue) {
                        calls.append(handler)
                        outcomeDelivered = true
                    }
                }
            }
            if !finallyDelivered, let finally = handlers.finally {
                finallyDelivered = true
                calls.append { await CallbackDelivery.call(finally, on: queue) }
            }
            return calls
        }

        /// The call of the handler of `error`'s own kind, else of `onError`'s.
        private func handler(for error: QuiverError, queue: DispatchQueue?) -> (@Sendable () async -> Void)? {
            let handler: (@isolated(any) @Sendable () -> Void)? =
                if error.isCancelled, let cancellation = handlers.cancellation { cancellation }
                else if error.isTimeout, let timeout = handlers.timeout { timeout }
                else if case .statusCode(let response) = error, response.statusCode == 401,
                        let notAuthorized = handlers.notAuthorized { notAuthorized }
                else if error.isNetworkUnavailable, let unavailable = handlers.networkUnavailable { unavailable }
                else { nil }
            if let handler {
                return { await CallbackDelivery.call(handler, on: queue) }
            }
            guard let onError = handlers.error else { return nil }
            return { await CallbackDelivery.call(onError, with: error, on: queue) }
        }
    }
}
