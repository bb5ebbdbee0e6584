/// What the hooks of a plugin of Quiver's own (``BuiltinPlugin``) do.
struct BuiltinPluginHooks {
    /// Whether `prepare` changes a request only by header fields it checked
    /// (``RequestValidator``) before writing them, or does not change it at all.
    ///
    /// Every other header field of a request is checked where it is written: the target's and
    /// the endpoint's by ``RequestBuilder``, a body's `Content-Type` too. So a provider whose
    /// plugins all check what they write, and that has no `requestClosure`, does not check
    /// the header fields of a prepared request a second time; its URL, method and body still are.
    let checksWhatItWrites: Bool
    /// Whether `prepare` may change a request; `false` when it hands back every request as it is.
    let preparesRequests: Bool
    /// Whether `process` may change a success; `false` when it hands back every success as it is.
    let processesSuccesses: Bool
    /// Whether `willSend`, `didReceive` or a stream's `didStartStream` may do anything; `false`
    /// when the plugin leaves them as the protocols' empty defaults, so that a provider neither
    /// calls them nor copies the plugin to do so.
    let observesRequests: Bool

    /// Prepares requests by writing header fields (or the URL) it checked; leaves successes alone
    /// and observes nothing.
    static let writesCheckedHeaders = BuiltinPluginHooks(checksWhatItWrites: true, preparesRequests: true,
                                                         processesSuccesses: false, observesRequests: false)
    /// Prepares requests by writing header fields it does not check; leaves successes alone and
    /// observes nothing.
    static let writesUncheckedHeaders = BuiltinPluginHooks(checksWhatItWrites: false, preparesRequests: true,
                                                           processesSuccesses: false, observesRequests: false)
    /// Watches requests and outcomes, changing neither a request nor a success.
    static let observesOnly = BuiltinPluginHooks(checksWhatItWrites: true, preparesRequests: false,
                                                 processesSuccesses: false, observesRequests: true)
}
