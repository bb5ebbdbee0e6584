import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When and how a ``Provider`` sends a failed request again.
///
/// Only idempotent methods are retried, unless the request carries an `Idempotency-Key` header;
/// only the listed status codes and transient network errors count; `Retry-After` is honoured
/// (seconds or an HTTP date) up to ``maximumRetryAfter``; cancelled requests never are. The wait
/// between attempts grows exponentially from ``baseDelay`` up to ``maximumDelay``, with jitter.
///
/// ```swift
/// let provider = Provider<API>(retryPolicy: RetryPolicy(maximumAttempts: 4))
/// ```
///
/// A target adopts ``RetryPolicyProviding`` to use another policy, or ``RetryPolicy/none``.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included; 1 means never retry.
    public var maximumAttempts: Int
    /// The wait before the first retry, in seconds; it doubles with each retry.
    public var baseDelay: TimeInterval
    /// The longest wait between attempts, in seconds.
    public var maximumDelay: TimeInterval
    /// The share of each wait that is random (0 to 1), so that clients do not retry in step.
    public var jitter: Double
    /// Status codes worth another attempt.
    public var retryableStatusCodes: Set<Int>
    /// Network errors worth another attempt.
    public var retryableErrorCodes: Set<URLError.Code>
    /// Methods that may be repeated safely.
    public var idempotentMethods: Set<HTTPMethod>
    /// The longest `Retry-After` honoured, in seconds; a server asking for longer gets its
    /// response handed back instead of a retry.
    public var maximumRetryAfter: TimeInterval

    /// The most attempts any request makes, whatever policies and retriers say.
    public static let attemptCeiling = 10

    /// Never retries.
    public static let none = RetryPolicy(maximumAttempts: 1)

    /// Three attempts, 0.5 s then 1 s apart (with jitter), on the usual transient failures.
    public static let `default` = RetryPolicy()

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maximumAttempts: Attempts in all, the first included. Defaults to 3.
    ///   - baseDelay: The wait before the first retry. Defaults to 0.5 s.
    ///   - maximumDelay: The longest wait. Defaults to 30 s.
    ///   - jitter: The random share of each wait. Defaults to 0.5.
    ///   - retryableStatusCodes: Defaults to 408, 429, 500, 502, 503, 504.
    ///   - retryableErrorCodes: Defaults to lost connections, time-outs and unreachable hosts.
    ///   - idempotentMethods: Defaults to GET, HEAD, PUT, DELETE, OPTIONS, TRACE.
    ///   - maximumRetryAfter: Defaults to 60 s.
    public init(
        maximumAttempts: Int = 3,
        baseDelay: TimeInterval = 0.5,
        maximumDelay: TimeInterval = 30,
        jitter: Double = 0.5,
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableErrorCodes: Set<URLError.Code> = [.networkConnectionLost, .timedOut, .cannotConnectToHost,
                                                    .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet],
        idempotentMethods: Set<HTTPMethod> = [.get, .head, .put, .delete, .options, .trace],
        maximumRetryAfter: TimeInterval = 60
    ) {
        self.maximumAttempts = maximumAttempts
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.jitter = min(max(jitter, 0), 1)
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableErrorCodes = retryableErrorCodes
        self.idempotentMethods = idempotentMethods
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// How long to wait before the next attempt, or `nil` for no retry.
    ///
    /// - Parameters:
    ///   - result: The outcome of the attempt.
    ///   - request: The request the attempt sent.
    ///   - attempt: The number of that attempt, from 1.
    ///   - now: The current time, for `Retry-After` dates.
    /// - Returns: The wait in seconds, or `nil`.
    public func delay(after result: Result<Response, QuiverError>, request: URLRequest, attempt: Int,
                      now: Date = Date()) -> TimeInterval? {
        guard attempt < maximumAttempts, case .failure(let error) = result, isRepeatable(request) else { return nil }
        switch error {
        case .statusCode(let response) where retryableStatusCodes.contains(response.statusCode):
            guard let header = response.value(forHTTPHeaderField: "Retry-After") else { return backoff(attempt) }
            guard let asked = Self.retryAfter(header, now: now) else { return backoff(attempt) }
            return asked <= maximumRetryAfter ? asked : nil
        case .timedOut:
            return retryableErrorCodes.contains(.timedOut) ? backoff(attempt) : nil
        case .transport(let cause, _):
            guard let code = (cause as? URLError)?.code, retryableErrorCodes.contains(code) else { return nil }
            return backoff(attempt)
        default:
            return nil
        }
    }

    /// Whether the request may be sent twice: an idempotent method, or an `Idempotency-Key`.
    private func isRepeatable(_ request: URLRequest) -> Bool {
        let method = HTTPMethod(rawValue: (request.httpMethod ?? "GET").uppercased())
        if idempotentMethods.contains(method) { return true }
        return !(request.value(forHTTPHeaderField: "Idempotency-Key") ?? "").isEmpty
    }

    /// `baseDelay · 2^(attempt-1)`, capped, with its random share.
    private func backoff(_ attempt: Int) -> TimeInterval {
        let exponential = baseDelay * pow(2, Double(max(0, attempt - 1)))
        let capped = min(maximumDelay, exponential)
        return capped * (1 - jitter) + capped * jitter * Double.random(in: 0...1)
    }

    /// Seconds to wait from a `Retry-After` value: delta-seconds, or an HTTP date in any of the
    /// three forms RFC 9110 names (IMF-fixdate, RFC 850, asctime).
    static func retryAfter(_ value: String, now: Date) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed) {
            return seconds >= 0 ? TimeInterval(seconds) : nil
        }
        guard let date = HTTPDate.parse(trimmed, now: now) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
