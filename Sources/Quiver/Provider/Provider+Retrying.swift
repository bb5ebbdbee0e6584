import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Whether a failed attempt is tried again: the retriers among the plugins first, then the
/// target's or the provider's ``RetryPolicy``.
extension Provider {
    /// What an attempt's result leads to: `nil` when it is to be tried again (after the retry
    /// delay has passed), else the outcome to return. Shared by buffered and streamed requests.
    func outcome(after result: Result<Response, QuiverError>, of request: URLRequest, pluginTarget: any TargetType,
                 attempt: Int) async -> Result<Response, QuiverError>? {
        switch result {
        case .failure(let error) where !error.isCancelled:
            break
        case .success(let response) where response.statusCode == 401:
            // A challenge let through by the target's validation (`.none`) is still one.
            break
        default:
            return result
        }
        guard attempt < RetryPolicy.attemptCeiling else { return result }
        // Looked up only now: the cast costs something, and most requests never need it.
        let own = adoptions.retryPolicy ? (pluginTarget as? any RetryPolicyProviding)?.retryPolicy : nil
        let policy = own ?? retryPolicy
        switch await retryDecision(after: result, request: request, pluginTarget: pluginTarget,
                                   attempt: attempt, policy: policy) {
        case .doNotRetry:
            return result
        case .fail(let error):
            return .failure(error)
        case .retry(let delay):
            do {
                try await WaitTime.sleep(seconds: delay)
            } catch {
                return .failure(.cancelled(request))
            }
            return nil
        }
    }

    /// Whether `result` is a `401` answer, as a response or as the failure its status made: the
    /// next attempt then answers a challenge (``AttemptContext/Reason/challenge``).
    static func challenged(_ result: Result<Response, QuiverError>) -> Bool {
        switch result {
        case .success(let response): response.statusCode == 401
        case .failure(let error): error.response?.statusCode == 401
        }
    }

    /// The retriers' decision, else the policy's.
    func retryDecision(after result: Result<Response, QuiverError>, request: URLRequest,
                               pluginTarget: any TargetType, attempt: Int, policy: RetryPolicy) async -> RetryDecision {
        for plugin in plugins {
            guard let retrier = plugin as? any RequestRetrier else { continue }
            let decision = await retrier.retryDecision(after: result, request: request, target: pluginTarget, attempt: attempt)
            if case .doNotRetry = decision { continue }
            return decision
        }
        return policy.delay(after: result, request: request, attempt: attempt).map { .retry(after: $0) } ?? .doNotRetry
    }
}
