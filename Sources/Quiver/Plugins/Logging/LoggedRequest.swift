import Foundation

/// What ``NetworkLoggerPlugin`` worked out when it logged a request's summary line in
/// `willSend`: the method, the redacted URL and the secrets learned from the request. The
/// `Response` line of the same attempt reuses them instead of reading the request, redacting the
/// same URL and learning the same headers again.
///
/// The provider hands it over only when the response carries the very request that was logged
/// (it filled `Response.request` in itself), so that nothing learned from another request can
/// go missing.
///
/// A class: the note passes through the provider's attempt to the `Response` line, and a copy
/// of the pass it holds would retain each of its parts every time.
final class LoggedRequest: Sendable {
    /// The logger's level when the request was logged: the outcome is logged at the level in
    /// force then, without reading the shared level again.
    let level: NetworkLoggerPlugin.Configuration.Level
    /// The request's method.
    let method: String
    /// The request's URL, redacted.
    let url: String
    /// The pass that redacted it: the secrets of the request's header fields learned (those a
    /// summary line can echo, or more).
    let pass: RedactionPass

    init(level: NetworkLoggerPlugin.Configuration.Level, method: String, url: String, pass: RedactionPass) {
        self.level = level
        self.method = method
        self.url = url
        self.pass = pass
    }
}
