import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Logs requests and their outcomes, with secrets redacted, as Moya's plugin of the same name.
///
/// ```swift
/// let provider = Provider<GitHub>(plugins: [
///     NetworkLoggerPlugin(configuration: .init(logOptions: .verbose, level: .debug))
/// ])
/// ```
///
/// What is logged depends on the configuration's ``Configuration/Level`` and
/// ``Configuration/LogOptions``:
/// - ``Configuration/Level/off``: nothing;
/// - ``Configuration/Level/error``: for a failed outcome, one `Error` line (target, method, URL,
///   status or error) and, with ``Configuration/LogOptions/errorResponseBody``, the body;
/// - ``Configuration/Level/info``: also the `Request` line (with ``Configuration/LogOptions/requestMethod``)
///   and the `Response` line of a success (target, method, URL, status, size);
/// - ``Configuration/Level/debug``: also request headers and body, or the `cURL` command
///   instead of the request line, headers and body; response headers; success bodies.
///
/// The `Request`, `Response` and `Error` lines name the target before its method
/// (`[Quiver] Request: GitHub.user GET https://api.github.com/users/octocat`): its
/// ``NetworkLoggable/networkLogName``, else an enum's case without its associated values, a
/// struct's or class's type, or what a ``MultiTarget`` wraps; a ``GenericTarget`` has none.
///
/// Secrets never reach the output: see ``Redaction``. Bodies are cut after
/// ``Configuration/maximumBodyBytes``; binary bodies are summarised. Targets conforming to
/// ``NetworkLoggable`` may opt out.
public struct NetworkLoggerPlugin: PluginType {
    /// What to log, how, and where.
    public var configuration: Configuration { core.configuration }
    /// Everything the logger holds, in one object: a provider copies its plugins on the request
    /// path, and a copy of the logger is then one reference, not a dozen.
    private let core: Core
    var redactor: Redactor { core.redactor }
    /// The level in force, shared by every copy of this plugin; see ``level``.
    var currentLevel: Locked<Configuration.Level> { core.currentLevel }

    private final class Core: Sendable {
        let configuration: Configuration
        let redactor: Redactor
        let currentLevel: Locked<Configuration.Level>

        init(_ configuration: Configuration) {
            self.configuration = configuration
            self.redactor = Redactor(configuration.redaction)
            self.currentLevel = Locked(configuration.level)
        }
    }

    /// Creates a logger.
    ///
    /// - Parameter configuration: What to log, how, and where. Defaults to
    ///   ``Configuration/LogOptions/default`` (the request line, the outcome line and error
    ///   bodies) at ``Configuration/Level/debug``, on standard error.
    public init(configuration: Configuration = Configuration()) {
        self.core = Core(configuration)
    }

    /// Logs the request about to be sent (``Configuration/Level/info`` and up).
    ///
    /// - Parameters:
    ///   - request: The request as it will be sent.
    ///   - target: The target being requested.
    public func willSend(_ request: URLRequest, target: any TargetType) {
        _ = logRequest(request, target: target)
    }

    /// Logs the outcome: failures from ``Configuration/Level/error``, successes from
    /// ``Configuration/Level/info``.
    ///
    /// - Parameters:
    ///   - result: The response, or why the request failed.
    ///   - target: The target that was requested.
    public func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
        logOutcome(result, target: target, kept: nil)
    }

    /// Logs the request (``Configuration/Level/info`` and up), keeping what redacting it
    /// taught for its outcome's lines.
    func logRequest(_ request: URLRequest, target: any TargetType) -> Attempt {
        // The level is read once per hook: it is behind a lock every request in flight shares.
        let level = self.level
        guard level >= .info else { return Attempt() }
        guard isLogged(target) else { return Attempt(isLogged: false) }
        var pass = RedactionPass(redactor)
        let isDebug = level >= .debug
        let options = configuration.logOptions
        let showsBody = isDebug && (options.contains(.formatRequestAscURL) || options.contains(.requestBody))
        let url = pass.collect(from: request, includingBody: showsBody)
        emit(requestLines(request, url: url ?? "(no URL)", target: target, isDebug: isDebug, pass: &pass), target: target)
        return Attempt(pass: pass, url: request.url, redactedURL: url, learnedBody: showsBody, isLogged: true)
    }

    /// Logs an outcome: failures from ``Configuration/Level/error``, successes from
    /// ``Configuration/Level/info``; `kept` is what logging its request taught, if it was logged.
    func logOutcome(_ result: Result<Response, QuiverError>, target: any TargetType, kept: Attempt?) {
        let level = self.level
        // The level first: at a level that writes nothing for this outcome, the target is
        // not asked whether it is logged (a dynamic cast).
        switch result {
        case .success(let response):
            guard level >= .info, kept?.isLogged ?? isLogged(target) else { return }
            emit(successLines(response, target: target, isDebug: level >= .debug, kept: kept), target: target)
        case .failure(let error):
            guard level >= .error, kept?.isLogged ?? isLogged(target) else { return }
            emit(failureLines(error, target: target, isDebug: level >= .debug, kept: kept), target: target)
        }
    }

    /// Logs the failures of requests that were refused before anything was sent (an invalid
    /// request, a body that did not encode, a plugin's refusal), which no ``didReceive(_:target:)``
    /// reports; the result passes on unchanged.
    ///
    /// - Parameters:
    ///   - result: The outcome.
    ///   - target: The target that was requested.
    /// - Returns: `result`.
    public func process(_ result: consuming Result<Response, QuiverError>, target: any TargetType) async -> Result<Response, QuiverError> {
        guard case .failure(let error) = copy result else { return result }
        switch error {
        case .invalidRequest, .encoding, .plugin:
            let level = self.level
            if level >= .error, isLogged(target) {
                emit(failureLines(error, target: target, isDebug: level >= .debug, kept: nil), target: target)
            }
        default:
            break
        }
        return result
    }

    // MARK: Lines

    /// Whether `target` is logged.
    private func isLogged(_ target: any TargetType) -> Bool {
        (target.unwrapped as? any NetworkLoggable)?.isNetworkLoggingEnabled ?? true
    }

    /// The request's lines; `pass` learned the request already, and `url` is its URL redacted.
    private func requestLines(_ request: URLRequest, url: String, target: any TargetType, isDebug: Bool,
                              pass: inout RedactionPass) -> [String] {
        let options = configuration.logOptions
        let method = request.httpMethod ?? "GET"
        var lines: [String] = []
        if isDebug && options.contains(.formatRequestAscURL) {
            let headers = pass.headers(request.allHTTPHeaderFields ?? [:])
            let body = requestBody(of: request, pass: &pass)
            lines.append(line("cURL", CURLDescription.command(method: method, url: url, headers: headers, body: body), target: target))
            return finished(lines, by: pass)
        }
        if options.contains(.requestMethod) {
            let name = TargetLogName.of(target.unwrapped)
            lines.append(line("Request", target: target) {
                TargetLogName.write(name, to: &$0)
                $0.write(method)
                $0.write(" ")
                $0.write(url)
            })
        }
        if isDebug && options.contains(.requestHeaders) {
            lines.append(line("Request Headers", RedactionPass.describe(pass.headers(request.allHTTPHeaderFields ?? [:])), target: target))
        }
        if isDebug && options.contains(.requestBody), let body = requestBody(of: request, pass: &pass) {
            lines.append(line("Request Body", body, target: target))
        }
        return finished(lines, by: pass)
    }

    /// `METHOD URL` of a target, for outcomes that carry no request.
    func targetSummary(_ target: any TargetType, pass: inout RedactionPass) -> String {
        let (method, url) = methodAndURL(of: target, pass: &pass)
        return "\(method) \(url)"
    }

    /// The method and redacted URL of a target, for outcomes that carry no request.
    func methodAndURL(of target: any TargetType, pass: inout RedactionPass) -> (method: String, url: String) {
        (target.method.rawValue, pass.text(URLPath.join(base: target.baseURL.absoluteString, path: target.path)))
    }

    /// One entry as a line, not yet finished by the redaction pass: with the default formatter
    /// written in one piece, with a custom one through its closure.
    ///
    /// - Parameters:
    ///   - identifier: What the entry is (`Request`, `Response`, …).
    ///   - message: Writes the entry's text; called twice (see ``LineWriter/line(_:)``).
    func line(_ identifier: String, target: any TargetType, _ message: (inout LineWriter) -> Void) -> String {
        if let custom = configuration.formatter.customEntry {
            return custom(identifier, LineWriter.line(message), target)
        }
        return Configuration.Formatter.defaultEntry(identifier, message: message)
    }

    func line(_ identifier: String, _ message: String, target: any TargetType) -> String {
        line(identifier, target: target) { $0.write(message) }
    }

    /// `lines`, each redacted a last time: by structure again (a custom formatter may add any
    /// text), and the secrets the pass learned anywhere replaced wherever they stand.
    func finished(_ lines: [String], by pass: RedactionPass) -> [String] {
        lines.map(pass.finish)
    }

    private func requestBody(of request: URLRequest, pass: inout RedactionPass) -> String? {
        if let data = request.httpBody, !data.isEmpty {
            return bodyText(pass.body(data), format: configuration.formatter.requestData, pass: pass)
        }
        return request.httpBodyStream == nil ? nil : "<streamed body>"
    }

    /// A redacted body formatted, redacted again and truncated.
    func bodyText(_ data: Data, format: Configuration.Formatter.DataFormatterType, pass: RedactionPass) -> String {
        BodyText.truncated(pass.finish(format(data)), maximumBytes: configuration.maximumBodyBytes) { pass.finish($0) }
    }

    /// Hands finished lines to the output.
    private func emit(_ lines: [String], target: any TargetType) {
        guard !lines.isEmpty else { return }
        configuration.output(target, lines)
    }
}
