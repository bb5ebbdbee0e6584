/// The first ``NetworkLoggerPlugin`` among a provider's observing plugins
/// (``Provider/observingPlugins``), with its place among them.
/// The provider calls its hooks so that the `Response` line of an attempt reuses what the
/// `Request` line worked out (``LoggedRequest``): the redacted URL and the secrets learned.
///
/// A class, so that the request path reaches the logger without copying it and its many
/// references on every request.
final class NoteTakingLogger: Sendable {
    /// Where the logger stands among the provider's observing plugins.
    let index: Int
    /// The logger.
    let logger: NetworkLoggerPlugin

    init(index: Int, logger: NetworkLoggerPlugin) {
        self.index = index
        self.logger = logger
    }
}
