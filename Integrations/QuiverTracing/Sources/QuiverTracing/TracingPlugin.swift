import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver
import Tracing

/// Traces each attempt of a request as a client span of swift-distributed-tracing, and
/// propagates its context to the server in the request's header fields.
///
/// ```swift
/// let provider = Provider<Inventory>(plugins: [TracingPlugin(), AccessTokenPlugin(tokenClosure: token)])
/// ```
///
/// - **One span per attempt**, a child of the calling task's `ServiceContext` (the server span of
///   the request being handled, in a traced service), named after the method (`GET`), of kind
///   `.client`. A retried request has one span per attempt; a retry carries
///   `http.request.resend_count` (1 for the second attempt) and `quiver.attempt.reason`:
///   `retry`, or `challenge` for the attempt that answers a `401` with a refreshed credential.
/// - **Propagation**: the tracer injects the span's context into the attempt's header fields
///   (with swift-otel, the W3C `traceparent` and `tracestate`), so the server's spans join the
///   trace. The fields are checked as every plugin's are before anything is sent.
/// - **Attributes**, from OpenTelemetry's HTTP client conventions: `http.request.method`
///   (`_OTHER` for a method outside RFC 9110 and PATCH, with `http.request.method_original`),
///   `server.address`, `server.port`, `url.full` and, with the outcome,
///   `http.response.status_code` and `quiver.response.source` (``Response/Source/name``:
///   `network`, or `cache`, `revalidated`, `stale` when the provider's ``HTTPCache`` answered). A failure, or a status of 400 and up, sets the span's status to
///   error and `error.type` to the status code or the ``QuiverError`` case (`timedOut`, …).
/// - **No secret in a span**: `url.full` is the URL as every Quiver output shows it
///   (``Redaction/redactedURL(of:)``: query parameters and any secret the request's header
///   fields carry are replaced), no header field or body is recorded, and a recorded error is the
///   ``QuiverError``, whose descriptions are redacted too.
///
/// Put the plugin first among the plugins for its span to time the others' outcome hooks, or
/// last for its span to time only the exchange.
public struct TracingPlugin: AttemptObserving {
    /// The span of one attempt, ended with the attempt's outcome. Opaque: only a provider hands
    /// it around.
    public struct Attempt: Sendable {
        let span: any Span
    }

    private let tracer: any Tracer

    /// Creates the plugin.
    ///
    /// - Parameter tracer: The tracer that makes the spans and injects their context. Defaults
    ///   to the one bootstrapped in `InstrumentationSystem` (read when the plugin is made).
    public init(tracer: any Tracer = InstrumentationSystem.tracer) {
        self.tracer = tracer
    }

    /// Starts the attempt's span and has the tracer inject its context into the request.
    ///
    /// - Parameters:
    ///   - request: The request as it will be sent.
    ///   - target: The target being requested.
    ///   - context: Which attempt it is; it receives the propagation fields.
    /// - Returns: The span, for ``didReceive(_:target:attempt:)``.
    public func startAttempt(for request: URLRequest, target: any TargetType, context: inout AttemptContext) -> Attempt {
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        let name = method.telemetryName
        let known = name != "_OTHER"
        let span = tracer.startSpan(known ? name : "HTTP", context: ServiceContext.current ?? .topLevel, ofKind: .client)
        if span.isRecording {
            span.updateAttributes { attributes in
                attributes["http.request.method"] = name
                if !known {
                    attributes["http.request.method_original"] = method.rawValue
                }
                if let url = request.url {
                    attributes["server.address"] = url.host
                    attributes["server.port"] = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
                }
                attributes["url.full"] = Redaction.redactedURL(of: request)
                if context.number > 1 {
                    attributes["http.request.resend_count"] = context.number - 1
                    attributes["quiver.attempt.reason"] = context.reason.rawValue
                }
            }
        }
        tracer.inject(span.context, into: &context, using: AttemptContextInjector())
        return Attempt(span: span)
    }

    /// Ends the attempt's span with its outcome.
    ///
    /// - Parameters:
    ///   - result: The response, or why the attempt failed.
    ///   - target: The target that was requested.
    ///   - attempt: The span ``startAttempt(for:target:context:)`` started.
    public func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType, attempt: Attempt) {
        let span = attempt.span
        let status: Int?
        var errorType: String?
        var source: String?
        switch result {
        case .success(let response):
            status = response.statusCode
            source = response.source.name
        case .failure(let error):
            status = error.response?.statusCode
            errorType = error.caseName
            span.recordError(error)
        }
        if let status, status >= 400 {
            errorType = String(status)
        }
        span.updateAttributes { attributes in
            if let status {
                attributes["http.response.status_code"] = status
            }
            if let errorType {
                attributes["error.type"] = errorType
            }
            if let source {
                attributes["quiver.response.source"] = source
            }
        }
        if errorType != nil {
            span.setStatus(SpanStatus(code: .error))
        }
        span.end()
    }
}
