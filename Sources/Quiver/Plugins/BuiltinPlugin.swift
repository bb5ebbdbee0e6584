/// A plugin of Quiver's own, with what its hooks do known ahead (``hooks``), so that a provider
/// skips the work they cannot need: a second check of header fields each one checked as it
/// wrote them, and the asynchronous calls (a task frame and a copy of the plugin each) that
/// cannot change anything.
///
/// None of them changes a request's timeout: a provider whose preparing plugins all are
/// Quiver's own sends each request with its target's timeout without reading it back.
///
/// The protocol is internal on purpose: a plugin of an app's own cannot claim it, so a
/// provider calls all of its hooks and checks every request it prepared whole.
/// `BuiltinPluginTests` holds each claim against the plugin's behaviour.
protocol BuiltinPlugin: PluginType {
    /// What the plugin's hooks do.
    static var hooks: BuiltinPluginHooks { get }
}

extension AccessTokenPlugin: BuiltinPlugin {
    static var hooks: BuiltinPluginHooks { .writesCheckedHeaders }
}

extension AuthenticationPlugin: BuiltinPlugin {
    static var hooks: BuiltinPluginHooks { .writesCheckedHeaders }
}

extension CredentialsPlugin: BuiltinPlugin {
    /// A Digest answer quotes the user's name and password as they are.
    static var hooks: BuiltinPluginHooks { .writesUncheckedHeaders }
}

extension EnvironmentPlugin: BuiltinPlugin {
    /// It rewrites the URL, which the check after `prepare` looks at in any case.
    static var hooks: BuiltinPluginHooks { .writesCheckedHeaders }
}

extension HeadersPlugin: BuiltinPlugin {
    static var hooks: BuiltinPluginHooks { .writesCheckedHeaders }
}

extension NetworkActivityPlugin: BuiltinPlugin {
    static var hooks: BuiltinPluginHooks { .observesOnly }
}

extension NetworkLoggerPlugin: BuiltinPlugin {
    /// Its `process` logs failures that were never sent; a success passes as it is.
    static var hooks: BuiltinPluginHooks { .observesOnly }
}
