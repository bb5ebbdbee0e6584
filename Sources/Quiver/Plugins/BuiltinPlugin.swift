/// A plugin of Quiver's own, with what its hooks do known ahead, so that a provider skips the
/// work they cannot need: a second check of header fields each one checked as it wrote them,
/// and the asynchronous calls (a task frame and a copy of the plugin each) that cannot change
/// anything.
///
/// None of them changes a request's timeout: a provider whose preparing plugins all are
/// Quiver's own sends each request with its target's timeout without reading it back.
///
/// The protocol is internal on purpose: a plugin of an app's own cannot claim it, so a
/// provider calls all of its hooks and checks every request it prepared whole.
/// `BuiltinPluginTests` holds each claim against the plugin's behaviour.
protocol BuiltinPlugin: PluginType {
    /// Whether `prepare` changes a request only by header fields it checked
    /// (``RequestValidator``) before writing them, or does not change it at all.
    ///
    /// Every other header field of a request is checked where it is written: the target's and
    /// the endpoint's by ``RequestBuilder``, a body's `Content-Type` too. So a provider whose
    /// plugins all check what they write, and that has no `requestClosure`, does not check
    /// the header fields of a prepared request a second time; its URL, method and body still are.
    static var checksWhatItWrites: Bool { get }
    /// Whether `prepare` may change a request; `false` when it hands back every request as it is.
    static var preparesRequests: Bool { get }
    /// Whether `process` may change a success; `false` when it hands back every success as it is.
    static var processesSuccesses: Bool { get }
}

extension AccessTokenPlugin: BuiltinPlugin {
    static var checksWhatItWrites: Bool { true }
    static var preparesRequests: Bool { true }
    static var processesSuccesses: Bool { false }
}

extension AuthenticationPlugin: BuiltinPlugin {
    static var checksWhatItWrites: Bool { true }
    static var preparesRequests: Bool { true }
    static var processesSuccesses: Bool { false }
}

extension CredentialsPlugin: BuiltinPlugin {
    /// A Digest answer quotes the user's name and password as they are.
    static var checksWhatItWrites: Bool { false }
    static var preparesRequests: Bool { true }
    static var processesSuccesses: Bool { false }
}

extension EnvironmentPlugin: BuiltinPlugin {
    /// It rewrites the URL, which the check after `prepare` looks at in any case.
    static var checksWhatItWrites: Bool { true }
    static var preparesRequests: Bool { true }
    static var processesSuccesses: Bool { false }
}

extension HeadersPlugin: BuiltinPlugin {
    static var checksWhatItWrites: Bool { true }
    static var preparesRequests: Bool { true }
    static var processesSuccesses: Bool { false }
}

extension NetworkActivityPlugin: BuiltinPlugin {
    static var checksWhatItWrites: Bool { true }
    static var preparesRequests: Bool { false }
    static var processesSuccesses: Bool { false }
}

extension NetworkLoggerPlugin: BuiltinPlugin {
    static var checksWhatItWrites: Bool { true }
    static var preparesRequests: Bool { false }
    /// Its `process` logs failures that were never sent; a success passes as it is.
    static var processesSuccesses: Bool { false }
}
