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
/// - ``Configuration/Level/error``: for a failed outcome, one `Error` line (method, URL,
///   status or error) and, with ``Configuration/LogOptions/errorResponseBody``, the response body;
/// - ``Configuration/Level/info``: also the `Request` line (with
///   ``Configuration/LogOptions/requestMethod``) and the `Response` line of a success
///   (method, URL, status, size);
/// - ``Configuration/Level/debug``: also request headers and body, or the `cURL` command
///   instead of the request line, headers and body; response headers; success bodies.
///
/// Secrets never reach the output: see ``Configuration/Redaction``. Bodies are cut after
/// ``Configuration/maximumBodyBytes``; binary bodies are summarised. Targets conforming to
/// ``NetworkLoggable`` may opt out.
public struct NetworkLoggerPlugin: PluginType {
    /// What to log, how, and where.
    public let configuration: Configuration
    private let redactor: Redactor
    /// The level in force, shared by every copy of this plugin; see ``level``.
    let currentLevel: Locked<Configuration.Level>

    /// Creates a logger.
    ///
    /// - Parameter configuration: What to log, how, and where. Defaults to
    ///   ``Configuration/LogOptions/default`` (the request line, the outcome line and error
    ///   bodies) at ``Configuration/Level/debug``, on standard error.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.redactor = Redactor(configuration.redaction)
        self.currentLevel = Locked(configuration.level)
    }

    /// Logs the request about to be sent (``Configuration/Level/info`` and up).
    ///
    /// - Parameters:
    ///   - request: The request as it will be sent.
    ///   - target: The target being requested.
    public func willSend(_ request: URLRequest, target: any TargetType) {
        guard level >= .info, isLogged(target) else { return }
        emit(requestEntries(request), target: target)
    }

    /// Logs the outcome: failures from ``Configuration/Level/error``, successes from
    /// ``Configuration/Level/info``.
    ///
    /// - Parameters:
    ///   - result: The response, or why the request failed.
    ///   - target: The target that was requested.
    public func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
        let level = self.level
        guard level >= .error, isLogged(target) else { return }
        switch result {
        case .success(let response):
            guard level >= .info else { return }
            emit(successEntries(response, target: target), target: target)
        case .failure(let error):
            emit(failureEntries(error, target: target), target: target)
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
        if level >= .error, case .failure(let error) = copy result, isLogged(target) {
            switch error {
            case .invalidRequest, .encoding, .plugin:
                emit(failureEntries(error, target: target), target: target)
            default:
                break
            }
        }
        return result
    }

    // MARK: Entries

    /// One entry: its identifier (`Request`, `Response Body`, …) and its text.
    private typealias Entry = (identifier: String, message: String)

    private func isLogged(_ target: any TargetType) -> Bool {
        (target.unwrapped as? any NetworkLoggable)?.isNetworkLoggingEnabled ?? true
    }

    private var isDebug: Bool { level >= .debug }

    private func requestEntries(_ request: URLRequest) -> (entries: [Entry], pass: RedactionPass) {
        let options = configuration.logOptions
        var pass = RedactionPass(redactor)
        let showsBody = isDebug && (options.contains(.formatRequestAscURL) || options.contains(.requestBody))
        // Only the request line is printed: a header's token can reach the output only through it.
        let summaryOnly = !isDebug || options.isDisjoint(with: [.formatRequestAscURL, .requestHeaders, .requestBody])
        let url = pass.collect(from: request, includingBody: showsBody, printsOnlyItsURL: summaryOnly) ?? "(no URL)"
        let method = request.httpMethod ?? "GET"
        var entries: [Entry] = []
        if isDebug && options.contains(.formatRequestAscURL) {
            let headers = pass.headers(request.allHTTPHeaderFields ?? [:])
            let body = requestBody(of: request, pass: &pass)
            entries.append(("cURL", CURLDescription.command(method: method, url: url, headers: headers, body: body)))
            return (entries, pass)
        }
        if options.contains(.requestMethod) {
            entries.append(("Request", "\(method) \(url)"))
        }
        if isDebug && options.contains(.requestHeaders) {
            entries.append(("Request Headers", Self.describe(pass.headers(request.allHTTPHeaderFields ?? [:]))))
        }
        if isDebug && options.contains(.requestBody), let body = requestBody(of: request, pass: &pass) {
            entries.append(("Request Body", body))
        }
        return (entries, pass)
    }

    private func successEntries(_ response: Response, target: any TargetType) -> (entries: [Entry], pass: RedactionPass) {
        var pass = RedactionPass(redactor)
        let showsBody = isDebug && configuration.logOptions.contains(.successResponseBody)
        let summaryOnly = !showsBody && !(isDebug && configuration.logOptions.contains(.responseHeaders))
        let url = pass.collect(from: response, includingBodies: showsBody, printsOnlyItsURL: summaryOnly)
        var entries: [Entry] = [("Response", summary(of: response, url: url, target: target, pass: &pass))]
        entries += responseDetails(response, showsBody: showsBody, pass: &pass)
        return (entries, pass)
    }

    private func failureEntries(_ error: QuiverError, target: any TargetType) -> (entries: [Entry], pass: RedactionPass) {
        var pass = RedactionPass(redactor)
        guard let response = error.response else {
            let description = pass.text(error.describe(quotingBody: false))
            return ([("Error", "\(targetSummary(target, pass: &pass)): \(description)")], pass)
        }
        let showsBody = configuration.logOptions.contains(.errorResponseBody)
        pass.collect(from: response, includingBodies: showsBody)
        var entries: [Entry] = [("Error", pass.text(error.describe(quotingBody: false)))]
        if response.request == nil {
            entries[0].message = "\(targetSummary(target, pass: &pass)): \(entries[0].message)"
        }
        entries += responseDetails(response, showsBody: showsBody, pass: &pass)
        return (entries, pass)
    }

    /// Response headers (debug) and body, when asked for.
    private func responseDetails(_ response: Response, showsBody: Bool, pass: inout RedactionPass) -> [Entry] {
        var entries: [Entry] = []
        if isDebug && configuration.logOptions.contains(.responseHeaders) {
            entries.append(("Response Headers", Self.describe(pass.headers(RedactionPass.fields(of: response.response)))))
        }
        if showsBody && !response.data.isEmpty {
            entries.append(("Response Body", bodyText(pass.body(response.data), format: configuration.formatter.responseData, pass: pass)))
        }
        return entries
    }

    /// `GET https://… → 200, 512 bytes`.
    private func summary(of response: Response, url: String?, target: any TargetType, pass: inout RedactionPass) -> String {
        let request: String
        if let sent = response.request {
            request = "\(sent.httpMethod ?? "GET") \(url ?? pass.url(of: sent))"
        } else {
            request = targetSummary(target, pass: &pass)
        }
        return "\(request) → \(response.statusCode), \(response.data.count) bytes"
    }

    /// `METHOD URL` of a target, for outcomes that carry no request.
    private func targetSummary(_ target: any TargetType, pass: inout RedactionPass) -> String {
        "\(target.method.rawValue) \(pass.text(URLPath.join(base: target.baseURL.absoluteString, path: target.path)))"
    }

    private func requestBody(of request: URLRequest, pass: inout RedactionPass) -> String? {
        if let data = request.httpBody, !data.isEmpty {
            return bodyText(pass.body(data), format: configuration.formatter.requestData, pass: pass)
        }
        return request.httpBodyStream == nil ? nil : "<streamed body>"
    }

    /// A redacted body formatted, redacted again and truncated.
    private func bodyText(_ data: Data, format: Configuration.Formatter.DataFormatterType, pass: RedactionPass) -> String {
        BodyText.truncated(pass.finish(format(data)), maximumBytes: configuration.maximumBodyBytes) { pass.finish($0) }
    }

    /// `["Name": "value", …]`.
    private static func describe(_ headers: [(name: String, value: String)]) -> String {
        guard !headers.isEmpty else { return "[:]" }
        return "[" + headers.map { "\(quoted($0.name)): \(quoted($0.value))" }.joined(separator: ", ") + "]"
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Formats the entries, redacts each line a last time and hands them to the output.
    private func emit(_ built: (entries: [Entry], pass: RedactionPass), target: any TargetType) {
        guard !built.entries.isEmpty else { return }
        let lines = built.entries.map { entry in
            built.pass.finish(configuration.formatter.entry(entry.identifier, entry.message, target))
        }
        configuration.output(target, lines)
    }
}
