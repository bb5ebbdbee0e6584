import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Metrics
import Quiver

/// Counts and times each attempt of a request with swift-metrics, and keeps the number in flight.
///
/// ```swift
/// let provider = Provider<Inventory>(plugins: [MetricsPlugin(), AccessTokenPlugin(tokenClosure: token)])
/// ```
///
/// | Metric | Kind | Dimensions |
/// | --- | --- | --- |
/// | `http_client_requests` | counter, one per attempt | `method`, `host`, `status`, `outcome`, `source` |
/// | `http_client_request_duration` | timer, from sending to the outcome | `method`, `host`, `status`, `outcome`, `source` |
/// | `http_client_active_requests` | meter, attempts in flight | `method`, `host` |
/// | `http_client_retries` | counter, attempts after the first | `method`, `host`, `reason` |
///
/// Every dimension takes a bounded set of values, so that a dashboard's series do not grow with
/// traffic: `method` is the request's method (`_OTHER` outside RFC 9110 and PATCH); `host` the
/// server's host (as many as the upstreams the program calls); `status` the class of the status
/// code (`1xx` to `5xx`, `none` without a response); `outcome` `success` or the ``QuiverError``
/// case (``QuiverError/caseName``: `statusCode`, `timedOut`, `transport`, …); `reason` `retry`, or
/// `challenge` for the attempt that answers a `401` with a refreshed credential; `source` where
/// the response came from (``Response/Source/name``: `network`, or `cache`, `revalidated`,
/// `stale` when the provider's ``HTTPCache`` answered). No path, query
/// or header value is ever a dimension.
public struct MetricsPlugin: AttemptObserving {
    /// What an attempt's outcome is recorded with. Opaque: only a provider hands it around.
    public struct Attempt: Sendable {
        let method: String
        let host: String
        let started: DispatchTime
        let active: Meter
    }

    private let factory: any MetricsFactory

    /// Creates the plugin.
    ///
    /// - Parameter factory: Where the metrics go. Defaults to the one bootstrapped in
    ///   `MetricsSystem` (read when the plugin is made).
    public init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
    }

    /// Counts the attempt in flight, and as a retry when it is one.
    ///
    /// - Parameters:
    ///   - request: The request as it will be sent.
    ///   - target: The target being requested.
    ///   - context: Which attempt it is; the plugin adds no header field.
    /// - Returns: What ``didReceive(_:target:attempt:)`` records the outcome with.
    public func startAttempt(for request: URLRequest, target: any TargetType, context: inout AttemptContext) -> Attempt {
        let host = request.url?.host?.lowercased() ?? "none"
        let dimensions = [("method", HTTPMethod(rawValue: request.httpMethod ?? "GET").telemetryName), ("host", host)]
        if context.number > 1 {
            Counter(label: "http_client_retries",
                    dimensions: dimensions + [("reason", context.reason.rawValue)],
                    factory: factory).increment()
        }
        let active = Meter(label: "http_client_active_requests", dimensions: dimensions, factory: factory)
        active.increment()
        return Attempt(method: dimensions[0].1, host: host, started: .now(), active: active)
    }

    /// Records the attempt's outcome and duration, and takes it out of flight.
    ///
    /// - Parameters:
    ///   - result: The response, or why the attempt failed.
    ///   - target: The target that was requested.
    ///   - attempt: What ``startAttempt(for:target:context:)`` returned.
    public func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType, attempt: Attempt) {
        let ended = DispatchTime.now()
        attempt.active.decrement()
        let status: Int?
        let outcome: String
        let source: String
        switch result {
        case .success(let response):
            status = response.statusCode
            outcome = "success"
            source = response.source.name
        case .failure(let error):
            status = error.response?.statusCode
            outcome = error.caseName
            source = error.response?.source.name ?? Response.Source.network.name
        }
        let statusClass = status.map { (100..<600).contains($0) ? "\($0 / 100)xx" : "other" } ?? "none"
        let dimensions = [("method", attempt.method), ("host", attempt.host), ("status", statusClass), ("outcome", outcome),
                          ("source", source)]
        Counter(label: "http_client_requests", dimensions: dimensions, factory: factory).increment()
        Timer(label: "http_client_request_duration", dimensions: dimensions, factory: factory)
            .recordInterval(since: attempt.started, end: ended)
    }
}
