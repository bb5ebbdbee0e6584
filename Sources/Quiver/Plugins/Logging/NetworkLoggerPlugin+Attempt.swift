import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension NetworkLoggerPlugin: AttemptObserving {
    /// What logging a request taught the logger (the secrets its redaction learned, its URL
    /// redacted), handed back with the request's outcome: each request is redacted once, not
    /// once per line. Opaque: only a provider hands it around.
    public struct Attempt: Sendable {
        /// The redaction of the request's lines, or `nil` when they were not logged.
        let pass: RedactionPass?
        /// The URL the request was sent to.
        let url: URL?
        /// That URL, redacted.
        let redactedURL: String?
        /// Whether `pass` learned the request's body too.
        let learnedBody: Bool
        /// Whether the target is logged (``NetworkLoggable``), when the request's hook found out.
        let isLogged: Bool?

        init(pass: RedactionPass? = nil, url: URL? = nil, redactedURL: String? = nil, learnedBody: Bool = false,
             isLogged: Bool? = nil) {
            self.pass = pass
            self.url = url
            self.redactedURL = redactedURL
            self.learnedBody = learnedBody
            self.isLogged = isLogged
        }
    }

    /// Logs the request about to be sent (``Configuration/Level/info`` and up), as
    /// ``willSend(_:target:)`` does, and keeps what redacting it taught.
    ///
    /// - Parameters:
    ///   - request: The request as it will be sent.
    ///   - target: The target being requested.
    ///   - context: Which attempt it is; the logger adds no header field.
    /// - Returns: What ``didReceive(_:target:attempt:)`` reuses.
    public func startAttempt(for request: URLRequest, target: any TargetType, context: inout AttemptContext) -> Attempt {
        logRequest(request, target: target)
    }

    /// Logs the outcome, as ``didReceive(_:target:)`` does, reusing what logging the request
    /// taught.
    ///
    /// - Parameters:
    ///   - result: The response, or why the request failed.
    ///   - target: The target that was requested.
    ///   - attempt: What ``startAttempt(for:target:context:)`` returned for this attempt.
    public func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType, attempt: Attempt) {
        logOutcome(result, target: target, kept: attempt)
    }
}
