extension RequestHandle {
    /// The handlers attached to a ``RequestHandle``.
    struct Handlers {
        var success: (@Sendable (Success) -> Void)?
        var error: (@Sendable (QuiverError) -> Void)?
        var progress: (@Sendable (ProgressResponse) -> Void)?
        var cancellation: (@Sendable () -> Void)?
        var timeout: (@Sendable () -> Void)?
        var notAuthorized: (@Sendable () -> Void)?
        var networkUnavailable: (@Sendable () -> Void)?
        var requestStarted: (@Sendable () -> Void)?
        var finally: (@Sendable () -> Void)?
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
        mutating func takeDueCalls() -> [@Sendable () -> Void] {
            var calls: [@Sendable () -> Void] = []
            if sentUndelivered, outcome == nil, let started = handlers.requestStarted {
                sentUndelivered = false
                calls.append(started)
            }
            guard let outcome else { return calls }
            if !outcomeDelivered {
                switch outcome {
                case .success(let value):
                    if let success = handlers.success {
                        calls.append { success(value) }
                        outcomeDelivered = true
                    }
                case .failure(let error):
                    if let handler = handler(for: error) {
                        calls.append(handler)
                        outcomeDelivered = true
                    }
                }
            }
            if !finallyDelivered, let finally = handlers.finally {
                finallyDelivered = true
                calls.append(finally)
            }
            return calls
        }

        /// The handler of `error`'s own kind, else `onError`'s.
        private func handler(for error: QuiverError) -> (@Sendable () -> Void)? {
            if error.isCancelled, let cancellation = handlers.cancellation { return cancellation }
            if error.isTimeout, let timeout = handlers.timeout { return timeout }
            if case .statusCode(let response) = error, response.statusCode == 401, let notAuthorized = handlers.notAuthorized {
                return notAuthorized
            }
            if error.isNetworkUnavailable, let unavailable = handlers.networkUnavailable { return unavailable }
            guard let onError = handlers.error else { return nil }
            return { onError(error) }
        }
    }
}
