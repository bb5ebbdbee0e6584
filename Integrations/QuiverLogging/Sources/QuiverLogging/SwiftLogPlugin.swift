import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Quiver

/// Logs requests and their outcomes to a swift-log `Logger`: the lines of ``NetworkLoggerPlugin``,
/// redacted the same way, as log events with structured metadata.
///
/// ```swift
/// let provider = Provider<GitHub>(plugins: [SwiftLogPlugin(logger: Logger(label: "github"))])
/// ```
///
/// Each line of ``NetworkLoggerPlugin`` becomes one event:
/// - levels: an `Error` line is `.error`; the `Request` and `Response` lines are `.info`;
///   headers, bodies and the cURL command are `.debug`. The logger's `logLevel` decides how much
///   the plugin formats at all: below `.info` nothing but failures, above `.error` nothing.
/// - metadata: `http.method`, `http.url` (scheme, host, port and path: the query, which may hold
///   a secret, appears redacted in the message only), `http.status` once there is a response,
///   `http.duration_ms` from sending to the outcome, and `http.request_id`: the request's
///   ``requestIDHeader`` field, which the plugin sets to a new UUID when the request has none;
/// - redaction: unchanged. Every message went through the ``Redaction``
///   before it reaches the logger.
///
/// A failure that happened before the request was built (an invalid request, a body that did
/// not encode, a plugin's refusal) has no request, so its event carries no request metadata.
public struct SwiftLogPlugin: PluginType {
    /// Where the events go.
    public let logger: Logger
    /// The header field that carries the request id, or `nil` to set none and log none.
    public let requestIDHeader: String?
    private let network: NetworkLoggerPlugin
    private let clock = RequestClock()

    /// Creates a plugin that logs to `logger`.
    ///
    /// - Parameters:
    ///   - logger: The logger. Its `logLevel` sets how much is logged (see the type's description).
    ///   - logOptions: Which parts of requests and responses to log. Defaults to
    ///     ``NetworkLoggerPlugin/Configuration/LogOptions/default``.
    ///   - redaction: The secrets to hide, as for ``NetworkLoggerPlugin``. Defaults to
    ///     `Redaction.default`.
    ///   - maximumBodyBytes: The longest body shown, in bytes. Defaults to 4096.
    ///   - requestIDHeader: The header field of the request id, set to a new UUID when a request
    ///     has none; `nil` for none. Defaults to `X-Request-ID`.
    public init(logger: Logger,
                logOptions: NetworkLoggerPlugin.Configuration.LogOptions = .default,
                redaction: Redaction = .default,
                maximumBodyBytes: Int = 4096,
                requestIDHeader: String? = "X-Request-ID") {
        self.logger = logger
        self.requestIDHeader = requestIDHeader
        let formatter = NetworkLoggerPlugin.Configuration.Formatter(entry: { identifier, message, _ in
            LogLine.encode(identifier: identifier, message: message)
        })
        network = NetworkLoggerPlugin(configuration: .init(
            formatter: formatter,
            output: { [logger] _, lines in
                for line in lines {
                    let (level, message) = LogLine.decode(line)
                    logger.log(level: level, "\(message)", metadata: EventMetadata.current)
                }
            },
            logOptions: logOptions,
            level: Self.networkLevel(for: logger.logLevel),
            redaction: redaction,
            maximumBodyBytes: maximumBodyBytes))
    }

    /// Sets the request id, when the request has none.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - target: The target being requested.
    /// - Returns: `request`, with its ``requestIDHeader`` field set.
    public func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        guard let requestIDHeader, request.value(forHTTPHeaderField: requestIDHeader) == nil else { return request }
        var request = request
        request.setValue(UUID().uuidString, forHTTPHeaderField: requestIDHeader)
        return request
    }

    /// Logs the request about to be sent, and starts its clock.
    ///
    /// - Parameters:
    ///   - request: The request as it will be sent.
    ///   - target: The target being requested.
    public func willSend(_ request: URLRequest, target: any TargetType) {
        let id = requestID(of: request)
        if let id {
            clock.start(id)
        }
        EventMetadata.$current.withValue(metadata(of: request, id: id)) {
            network.willSend(request, target: target)
        }
    }

    /// Logs the outcome, with its status and how long it took.
    ///
    /// - Parameters:
    ///   - result: The response, or why the request failed.
    ///   - target: The target that was requested.
    public func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
        let response: Response?
        switch result {
        case .success(let success): response = success
        case .failure(let error): response = error.response
        }
        let request = response?.request ?? Self.request(of: result)
        let id = request.flatMap(requestID(of:))
        var fields = request.map { metadata(of: $0, id: id) } ?? [:]
        if let response {
            fields["http.status"] = "\(response.statusCode)"
        }
        if let id, let elapsed = clock.stop(id) {
            fields["http.duration_ms"] = "\(Int((elapsed * 1000).rounded()))"
        }
        EventMetadata.$current.withValue(fields) {
            network.didReceive(result, target: target)
        }
    }

    /// Logs the failures of requests refused before anything was sent; `result` passes on.
    ///
    /// - Parameters:
    ///   - result: The outcome.
    ///   - target: The target that was requested.
    /// - Returns: `result`.
    public func process(_ result: Result<Response, QuiverError>, target: any TargetType) async -> Result<Response, QuiverError> {
        await network.process(result, target: target)
    }

    // MARK: Metadata

    private func requestID(of request: URLRequest) -> String? {
        requestIDHeader.flatMap { request.value(forHTTPHeaderField: $0) }
    }

    private func metadata(of request: URLRequest, id: String?) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["http.method": "\(request.httpMethod ?? "GET")"]
        if let url = request.url {
            metadata["http.url"] = "\(Self.withoutQuery(url))"
        }
        if let id {
            metadata["http.request_id"] = "\(id)"
        }
        return metadata
    }

    /// The request a failure without a response names, if any.
    private static func request(of result: Result<Response, QuiverError>) -> URLRequest? {
        switch result {
        case .failure(.timedOut(let request, _)), .failure(.cancelled(let request)): request
        default: nil
        }
    }

    /// `url` without user, password, query and fragment: what metadata may show of any URL.
    static func withoutQuery(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return "(URL)" }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? "(URL)"
    }

    /// The ``NetworkLoggerPlugin`` level that formats what `level` lets through, and no more.
    static func networkLevel(for level: Logger.Level) -> NetworkLoggerPlugin.Configuration.Level {
        switch level {
        case .trace, .debug: .debug
        case .info, .notice: .info
        case .warning, .error: .error
        case .critical: .off
        }
    }
}

/// The metadata of the events the plugin's output emits while it runs: set around each call
/// of the wrapped ``NetworkLoggerPlugin``, which calls the output synchronously.
enum EventMetadata {
    @TaskLocal static var current: Logger.Metadata = [:]
}
