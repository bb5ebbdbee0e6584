import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The attempt loop of the request path (`attempts(for:pluginTarget:endpoint:first:send:end:head:)`):
/// each attempt prepared, checked and announced in a step of its own, sent, then told to the
/// plugins; retried while a retrier or the policy asks. Shared by buffered and streamed requests.
/// Why the steps are functions of their own: see `Provider+Pipeline.swift`.
extension Provider {
    /// Attempts a request until one is not retried, for a response and a stream alike. The
    /// first attempt takes `first` over, so that the plugins change it in place (copying a
    /// `URLRequest` costs more than building one on Linux); a retry builds the request again,
    /// with the first attempt's body bytes: encoding again could give other bytes (key order),
    /// which servers that fingerprint payloads refuse.
    ///
    /// - Parameters:
    ///   - send: One attempt of the prepared, checked request, with its timeout.
    ///   - end: Tells the plugins how the attempt ended; whether it is the outcome without
    ///     asking the retriers.
    ///   - head: The response an outcome carries, for the retriers.
    func attempts<Outcome>(
        for target: Target, pluginTarget: any TargetType, endpoint: Endpoint, first: consuming URLRequest,
        send: (_ request: URLRequest, _ checked: CheckedRequest, _ timeout: TimeInterval?) async -> Result<Outcome, QuiverError>,
        end: (_ result: Result<Outcome, QuiverError>, _ kept: [any Sendable]) -> Bool,
        head: (Outcome) -> Response
    ) async -> Result<Outcome, QuiverError> {
        let encodedBody = first.httpBody
        var unsent: URLRequest? = consume first
        var attempt = 1
        var reason = AttemptContext.Reason.first
        while true {
            let ready: PreparedAttempt
            switch await preparedAttempt(taking: &unsent, number: attempt, reason: reason, endpoint: endpoint,
                                         target: target, pluginTarget: pluginTarget, body: encodedBody, end: end) {
            case .success(let prepared):
                ready = prepared
            case .failure(let error):
                return .failure(error)
            }
            let result = await send(ready.request, ready.checked, ready.timeout)
            if end(result, ready.kept) {
                return result
            }
            if let decided = await outcome(after: result.map(head), of: ready.request, pluginTarget: pluginTarget,
                                           attempt: attempt) {
                // The attempt's own outcome, or the failure a retrier made of it.
                guard case .failure(let error) = decided else { return result }
                return .failure(error)
            }
            attempt += 1
            reason = Self.challenged(result.map(head)) ? .challenge : .retry
        }
    }

    /// An attempt's request as it goes out, checked, with its deadline and what the observing
    /// plugins kept of its start.
    typealias PreparedAttempt = (request: URLRequest, checked: CheckedRequest, timeout: TimeInterval?,
                                 kept: [any Sendable])

    /// Attempt `number`'s request, prepared by the plugins, checked and announced to them:
    /// `unsent` taken over for the first attempt, else built again with `body`, the first
    /// attempt's bytes. A refusal on the way is its failure; one by an observing plugin's header
    /// field is told to the plugins (`end`) first.
    // Out of line (see the extension's comment): folded in, it took 1,584 bytes of the waiting
    // frames of a `MultiTarget` request.
    @inline(never)
    private func preparedAttempt<Outcome>(
        taking unsent: inout URLRequest?, number: Int, reason: AttemptContext.Reason, endpoint: Endpoint,
        target: Target, pluginTarget: any TargetType, body: Data?,
        end: (_ result: Result<Outcome, QuiverError>, _ kept: [any Sendable]) -> Bool
    ) async -> Result<PreparedAttempt, QuiverError> {
        do throws(QuiverError) {
            var fresh: URLRequest
            if let taken = unsent.take() {
                fresh = taken
            } else {
                fresh = try await request(for: endpoint, of: target, as: pluginTarget).urlRequest
                if fresh.httpBody != body {
                    fresh.httpBody = body
                }
            }
            let startingTimeout = fresh.timeoutInterval
            var (request, checked) = try await prepared(consume fresh, for: pluginTarget)
            let (kept, refusal) = attemptWillStart(&request, target: pluginTarget,
                                                   context: AttemptContext(number: number, reason: reason))
            if let refusal {
                _ = end(.failure(refusal), kept)
                return .failure(refusal)
            }
            let timeout = Self.timeout(of: request, startingAt: startingTimeout, targetTimeout: target.timeout)
            return .success((request, checked, timeout, kept))
        } catch {
            return .failure(error)
        }
    }

    /// Whether `result` is a success that no retrier is asked about: any but a `401`, which is a
    /// challenge even when the target's validation lets it through.
    static func isFinished(_ result: Result<Response, QuiverError>) -> Bool {
        switch result {
        case .success(let response): response.statusCode != 401
        case .failure: false
        }
    }

    /// The request after every plugin's `prepare`, checked: its header fields only when a
    /// plugin or the request closure may have written them.
    ///
    /// Each plugin is handed the request (`consume`), so that a plugin that takes it
    /// `consuming` changes it in place: on Linux a changed copy of a `URLRequest` is a new
    /// `NSMutableURLRequest`. Plain parameters raised the live benchmark's ratio (token, headers,
    /// logger; 16 in flight) from about 1.02 to 1.055 on URLSession and from 1.18–1.21 to
    /// 1.27–1.31 on AsyncHTTPClient.
    @inline(__always)
    func prepared(_ request: consuming URLRequest, for pluginTarget: any TargetType) async throws(QuiverError)
        -> (request: URLRequest, checked: CheckedRequest) {
        for plugin in plugins {
            do {
                request = try await plugin.prepare(consume request, target: pluginTarget)
            } catch {
                throw QuiverError(pluginError: error)
            }
        }
        let checked = try RequestValidator.check(request, headersAreChecked: headersStayChecked)
        guard !Task.isCancelled else { throw .cancelled(request) }
        return (request, checked)
    }
}
