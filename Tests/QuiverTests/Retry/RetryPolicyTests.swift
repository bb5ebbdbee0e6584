import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct RetryPolicyTests {
    private let policy = RetryPolicy(maximumAttempts: 3, baseDelay: 1, maximumDelay: 10, jitter: 0)

    private func request(_ method: HTTPMethod, idempotencyKey: String? = nil) -> URLRequest {
        var request = URLRequest(url: exampleBase)
        request.httpMethod = method.rawValue
        request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        return request
    }

    private func status(_ code: Int, headers: [String: String] = [:]) -> Result<Response, QuiverError> {
        let http = HTTPURLResponse(url: exampleBase, statusCode: code, httpVersion: nil, headerFields: headers)
        return .failure(.statusCode(Response(statusCode: code, data: Data(), response: http)))
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func retryableStatusesAreRetried(code: Int) {
        #expect(policy.delay(after: status(code), request: request(.get), attempt: 1) == 1)
    }

    @Test(arguments: [400, 401, 403, 404, 409, 422, 501])
    func otherStatusesAreNot(code: Int) {
        #expect(policy.delay(after: status(code), request: request(.get), attempt: 1) == nil)
    }

    @Test(arguments: [URLError.Code.networkConnectionLost, .timedOut, .cannotConnectToHost])
    func transientNetworkErrorsAreRetried(code: URLError.Code) {
        #expect(policy.delay(after: .failure(.transport(URLError(code), nil)), request: request(.get), attempt: 1) == 1)
        #expect(policy.delay(after: .failure(.timedOut()), request: request(.get), attempt: 1) == 1)
    }

    @Test func nonTransientFailuresAreNot() {
        for failure in [QuiverError.cancelled(), .invalidRequest("x"), .plugin(TestError(reason: "x")),
                        .transport(URLError(.badServerResponse), nil), .transport(TestError(reason: "x"), nil)] {
            #expect(policy.delay(after: .failure(failure), request: request(.get), attempt: 1) == nil, "\(failure)")
        }
        #expect(policy.delay(after: .success(Response(statusCode: 200, data: Data())), request: request(.get), attempt: 1) == nil)
    }

    @Test(arguments: [HTTPMethod.get, .head, .put, .delete, .options, .trace])
    func idempotentMethodsAreRetried(method: HTTPMethod) {
        #expect(policy.delay(after: status(503), request: request(method), attempt: 1) != nil)
    }

    @Test(arguments: [HTTPMethod.post, .patch])
    func otherMethodsOnlyWithAnIdempotencyKey(method: HTTPMethod) {
        #expect(policy.delay(after: status(503), request: request(method), attempt: 1) == nil)
        #expect(policy.delay(after: status(503), request: request(method, idempotencyKey: "k-1"), attempt: 1) != nil)
    }

    @Test func theBackoffDoublesUpToItsCapAndStopsAtTheLastAttempt() {
        let long = RetryPolicy(maximumAttempts: 10, baseDelay: 1, maximumDelay: 5, jitter: 0)
        #expect((1...5).map { long.delay(after: status(503), request: request(.get), attempt: $0) } == [1, 2, 4, 5, 5])
        #expect(policy.delay(after: status(503), request: request(.get), attempt: 3) == nil)
    }

    @Test func jitterStaysWithinItsShare() {
        let jittery = RetryPolicy(maximumAttempts: 5, baseDelay: 2, jitter: 0.5)
        for _ in 0..<200 {
            let delay = jittery.delay(after: status(503), request: request(.get), attempt: 1) ?? -1
            #expect(delay >= 1 && delay <= 2)
        }
    }

    @Test func retryAfterSecondsAndDatesAreHonouredUpToTheCap() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(policy.delay(after: status(429, headers: ["Retry-After": "7"]), request: request(.get), attempt: 1, now: now) == 7)
        #expect(policy.delay(after: status(503, headers: ["Retry-After": "Tue, 14 Nov 2023 22:13:50 GMT"]),
                             request: request(.get), attempt: 1, now: now) == 30)
        #expect(policy.delay(after: status(503, headers: ["Retry-After": "3600"]), request: request(.get), attempt: 1, now: now) == nil)
        #expect(policy.delay(after: status(503, headers: ["Retry-After": "soon"]), request: request(.get), attempt: 1, now: now) == 1)
    }
}

/// A target that never retries, whatever the provider's policy.
struct NoRetryTarget: TargetType, RetryPolicyProviding {
    var baseURL: URL { exampleBase }
    var path: String { "once" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var retryPolicy: RetryPolicy { .none }
}

@Suite struct ProviderRetryTests {
    private let fast = RetryPolicy(maximumAttempts: 4, baseDelay: 0.001, jitter: 0)

    @Test func aFailingRequestIsRetriedUntilItSucceeds() async throws {
        let transport = ScriptedTransport { _, attempt in (attempt < 3 ? 503 : 200, [:], Data("ok".utf8)) }
        let provider = Provider<GenericTarget>(transport: transport, retryPolicy: fast)
        let response = try await provider.response(for: GenericTarget(baseURL: exampleBase))
        #expect(response.data == Data("ok".utf8))
        #expect(transport.requests.count == 3)
    }

    @Test func eachRetryGoesThroughPrepareAgain() async {
        let log = HookLog()
        let transport = ScriptedTransport { _, _ in (503, [:], Data()) }
        let provider = Provider<GenericTarget>(transport: transport, plugins: [HookRecorder("a", log: log)], retryPolicy: fast)
        _ = await provider.result(for: GenericTarget(baseURL: exampleBase))
        #expect(log.entries.filter { $0 == "a.prepare" }.count == 4)
        #expect(log.entries.filter { $0 == "a.process" }.count == 1)
        // prepare starts from the built request each time: headers do not pile up.
        #expect(transport.requests.allSatisfy { $0.value(forHTTPHeaderField: "X-Plugins") == "a" })
    }

    @Test func aPostWithoutIdempotencyKeyIsNotRetried() async {
        let transport = ScriptedTransport { _, _ in (503, [:], Data()) }
        let provider = Provider<GenericTarget>(transport: transport, retryPolicy: fast)
        _ = await provider.result(for: GenericTarget(baseURL: exampleBase, method: .post, task: .json(["a": 1])))
        #expect(transport.requests.count == 1)
        _ = await provider.result(for: GenericTarget(baseURL: exampleBase, method: .post, task: .json(["a": 1]),
                                                     headers: ["Idempotency-Key": "abc"]))
        #expect(transport.requests.count == 5)
    }

    @Test func aTargetCanOptOut() async {
        let transport = ScriptedTransport { _, _ in (503, [:], Data()) }
        _ = await Provider<NoRetryTarget>(transport: transport, retryPolicy: fast).result(for: NoRetryTarget())
        #expect(transport.requests.count == 1)
    }

    @Test func cancellingDuringTheBackoffEndsWithCancelled() async {
        let transport = ScriptedTransport { _, _ in (503, [:], Data()) }
        let provider = Provider<GenericTarget>(transport: transport, retryPolicy: RetryPolicy(baseDelay: 30, jitter: 0))
        await expectCancelledDuringTheWait(provider, transport)
    }

    /// A wait no `UInt64` of nanoseconds holds (a `Retry-After` of three thousand years under a
    /// policy without a cap) stopped the process; it is now the longest wait, until cancelled.
    @Test func aRetryAfterBeyondAnyClockWaitsUntilCancelled() async {
        let transport = ScriptedTransport { _, _ in (503, ["Retry-After": "99999999999"], Data()) }
        let provider = Provider<GenericTarget>(transport: transport, retryPolicy: RetryPolicy(maximumRetryAfter: .infinity))
        await expectCancelledDuringTheWait(provider, transport)
    }

    @Test(arguments: [Double.infinity, 1e12])
    func aRetrierAskingForAWaitBeyondAnyClockWaitsUntilCancelled(seconds: Double) async {
        struct Patient: RequestRetrier {
            let seconds: Double
            func retryDecision(after result: Result<Response, QuiverError>, request: URLRequest,
                               target: any TargetType, attempt: Int) async -> RetryDecision { .retry(after: seconds) }
        }
        let transport = ScriptedTransport { _, _ in (500, [:], Data()) }
        await expectCancelledDuringTheWait(Provider<GenericTarget>(transport: transport, plugins: [Patient(seconds: seconds)]), transport)
    }

    /// A request cancelled while its attempt was out is not sent again, even when the retrier
    /// asks for no wait.
    @Test func aRetryWithoutAWaitIsNotSentForACancelledRequest() async {
        struct Eager: RequestRetrier {
            func retryDecision(after result: Result<Response, QuiverError>, request: URLRequest,
                               target: any TargetType, attempt: Int) async -> RetryDecision { .retry(after: 0) }
        }
        let transport = ScriptedTransport { _, _ in
            withUnsafeCurrentTask { $0?.cancel() }   // the caller cancels while the attempt is out
            return (500, [:], Data())
        }
        let result = await Provider<GenericTarget>(transport: transport, plugins: [Eager()]).result(for: GenericTarget(baseURL: exampleBase))
        guard case .cancelled = result.failure else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(transport.requests.count == 1)
    }

    /// Starts a request that fails and waits to retry, cancels it 0.1 s in, and expects
    /// `.cancelled` after its one attempt.
    private func expectCancelledDuringTheWait(_ provider: Provider<GenericTarget>, _ transport: ScriptedTransport) async {
        let task = Task { await provider.result(for: GenericTarget(baseURL: exampleBase)) }
        try? await Task.sleep(nanoseconds: 100_000_000)
        task.cancel()
        guard case .cancelled = await task.value.failure else {
            Issue.record("expected .cancelled")
            return
        }
        #expect(transport.requests.count == 1)
    }

    @Test func aRetrierThatAlwaysRetriesStopsAtTheCeiling() async {
        struct Stubborn: RequestRetrier {
            func retryDecision(after result: Result<Response, QuiverError>, request: URLRequest,
                               target: any TargetType, attempt: Int) async -> RetryDecision { .retry(after: 0) }
        }
        let transport = ScriptedTransport { _, _ in (500, [:], Data()) }
        _ = await Provider<GenericTarget>(transport: transport, plugins: [Stubborn()]).result(for: GenericTarget(baseURL: exampleBase))
        #expect(transport.requests.count == RetryPolicy.attemptCeiling)
    }
}
