import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a ``RequestRetrier`` decides about a failed attempt.
public enum RetryDecision: Sendable {
    /// Hand the outcome on as it is (unless another retrier or the ``RetryPolicy`` retries).
    case doNotRetry
    /// Send the request again after `after` seconds, through every plugin's `prepare` again
    /// (a wait that is not positive is none; none is longer than 10^9 seconds).
    case retry(after: TimeInterval)
    /// End the request with this error instead.
    case fail(QuiverError)
}

/// A plugin that may send a failed request again: the hook behind credential refresh, and
/// behind any retry rule of your own beside the provider's ``RetryPolicy``.
///
/// After each failed attempt the provider asks its retriers in order; the first decision other
/// than ``RetryDecision/doNotRetry`` wins, before the ``RetryPolicy`` is asked. A retried request
/// goes through every plugin's `prepare` again (so a fresh credential is applied) and counts as
/// a new attempt, with its own `willSend` and `didReceive`. Cancelled requests are never retried,
/// and no request is sent more than ``RetryPolicy/attemptCeiling`` times.
public protocol RequestRetrier: PluginType {
    /// Decides whether to send the request again.
    ///
    /// - Parameters:
    ///   - result: The failed outcome of the attempt.
    ///   - request: The request as the attempt sent it.
    ///   - target: The target being requested.
    ///   - attempt: The number of the attempt that failed, from 1.
    /// - Returns: Whether and when to retry, or the error to end with.
    func retryDecision(after result: Result<Response, QuiverError>, request: URLRequest,
                       target: any TargetType, attempt: Int) async -> RetryDecision
}
