import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A plugin that numbers each attempt it is told of and writes, for each outcome, the number
/// it was handed back and the status, so that pairing shows.
private struct NumberingPlugin: AttemptObserving {
    let log: HookLog
    let started = Locked(0)

    func startAttempt(for request: URLRequest, target: any TargetType, context: inout AttemptContext) -> Int {
        let number = started.withLock { count in
            count += 1
            return count
        }
        log.append("start \(number)")
        return number
    }

    func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType, attempt: Int) {
        let status = switch result {
        case .success(let response): response.statusCode
        case .failure(let error): error.response?.statusCode ?? -1
        }
        log.append("end \(attempt): \(status)")
    }

    // A provider calls the attempt hooks instead: these must stay silent.
    func willSend(_ request: URLRequest, target: any TargetType) {
        log.append("plain willSend")
    }

    func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
        log.append("plain didReceive")
    }
}

/// Writes each attempt's number and reason, and sets the header fields it is given.
private struct ContextRecorder: AttemptObserving {
    let log: HookLog
    var fields: [String: String] = [:]

    func startAttempt(for request: URLRequest, target: any TargetType, context: inout AttemptContext) -> Int {
        log.append("\(context.number) \(context.reason)")
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            context.setValue(value, forHTTPHeaderField: name)
        }
        return context.number
    }

    func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType, attempt: Int) {
        let outcome = switch result {
        case .success(let response): "\(response.statusCode)"
        case .failure(let error): error.response.map { "status \($0.statusCode)" } ?? error.caseName
        }
        log.append("end \(attempt): \(outcome)")
    }
}

/// Retries a `401` once, as a credential refresh does.
private struct AnswersOneChallenge: RequestRetrier {
    func retryDecision(after result: Result<Response, QuiverError>, request: URLRequest,
                       target: any TargetType, attempt: Int) async -> RetryDecision {
        attempt == 1 && result.failure?.response?.statusCode == 401 ? .retry(after: 0) : .doNotRetry
    }
}

@Suite struct AttemptObservingTests {
    private let fast = RetryPolicy(maximumAttempts: 3, baseDelay: 0.001, jitter: 0)

    @Test func eachAttemptGetsBackWhatItsStartKept() async throws {
        let log = HookLog()
        let transport = ScriptedTransport { _, attempt in (attempt < 3 ? 503 : 200, [:], Data("ok".utf8)) }
        let provider = Provider<GenericTarget>(transport: transport, plugins: [NumberingPlugin(log: log)], retryPolicy: fast)
        _ = try await provider.response(for: GenericTarget(baseURL: exampleBase))
        #expect(log.entries == ["start 1", "end 1: 503", "start 2", "end 2: 503", "start 3", "end 3: 200"])
    }

    @Test func theContextNumbersEachAttemptAndSaysWhyItIsMade() async throws {
        let log = HookLog()
        let transport = ScriptedTransport { _, attempt in ([401, 503, 200][min(attempt, 3) - 1], [:], Data("ok".utf8)) }
        let provider = Provider<GenericTarget>(transport: transport, plugins: [AnswersOneChallenge(), ContextRecorder(log: log)],
                                               retryPolicy: fast)
        _ = try await provider.response(for: GenericTarget(baseURL: exampleBase))
        #expect(log.entries == ["1 first", "end 1: status 401", "2 challenge", "end 2: status 503", "3 retry", "end 3: 200"])
    }

    /// A plugin of one's own labels its metrics or spans with the reason's raw value.
    @Test func aReasonsRawValueIsTheLabelAPluginRecords() async throws {
        let labels = Locked([String]())
        struct Labeler: AttemptObserving {
            let labels: Locked<[String]>
            func startAttempt(for request: URLRequest, target: any TargetType, context: inout AttemptContext) {
                labels.withLock { $0.append(context.reason.rawValue) }
            }
            func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType, attempt: Void) {}
        }
        let transport = ScriptedTransport { _, attempt in ([401, 503, 200][min(attempt, 3) - 1], [:], Data("ok".utf8)) }
        let provider = Provider<GenericTarget>(transport: transport, plugins: [AnswersOneChallenge(), Labeler(labels: labels)],
                                               retryPolicy: fast)
        _ = try await provider.response(for: GenericTarget(baseURL: exampleBase))
        #expect(labels.withLock { $0 } == ["first", "challenge", "retry"])
        #expect(AttemptContext.Reason(rawValue: "challenge") == .challenge)
    }

    @Test func aFieldSetOnTheContextIsSentWithThatAttempt() async throws {
        let transport = ScriptedTransport { _, _ in (200, [:], Data()) }
        let recorder = ContextRecorder(log: HookLog(), fields: ["traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"])
        let provider = Provider<GenericTarget>(transport: transport, plugins: [recorder])
        _ = try await provider.response(for: GenericTarget(baseURL: exampleBase))
        let sent = try #require(transport.requests.first)
        #expect(sent.head.value(forHTTPHeaderField: "traceparent") == "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
    }

    @Test(arguments: [("X-Trace", "a\r\nX-Injected: 1"), ("Bad Name", "1")])
    func anInvalidFieldEndsTheAttemptUnsentAndTheObserverHearsIt(name: String, value: String) async {
        let log = HookLog()
        let transport = ScriptedTransport { _, _ in (200, [:], Data()) }
        let provider = Provider<GenericTarget>(transport: transport, plugins: [ContextRecorder(log: log, fields: [name: value])])
        let result = await provider.result(for: GenericTarget(baseURL: exampleBase))
        guard case .failure(.invalidRequest(let reason)) = result else {
            Issue.record("expected invalidRequest, got \(result)")
            return
        }
        #expect(reason.contains("header"))
        #expect(transport.requests.isEmpty)
        #expect(log.entries == ["1 first", "end 1: invalidRequest"])
    }

    @Test func observingAndPlainPluginsRunInTheirOrder() async throws {
        let log = HookLog()
        let plugins: [any PluginType] = [HookRecorder("a", log: log), NumberingPlugin(log: log), HookRecorder("b", log: log)]
        let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub, plugins: plugins)
        _ = try await provider.response(for: GenericTarget(baseURL: exampleBase))
        #expect(log.entries == [
            "a.prepare", "b.prepare",
            "a.willSend", "start 1", "b.willSend",
            "a.didReceive", "end 1: 200", "b.didReceive",
            "a.process", "b.process",
        ])
    }

    @Test func aStreamedRequestPairsItsAttemptToo() async throws {
        let log = HookLog()
        let provider = Provider<StreamAPI>(stubClosure: Provider.immediatelyStub, plugins: [NumberingPlugin(log: log)])
        let stream = try await provider.stream(for: .chat)
        stream.cancel()
        #expect(log.entries == ["start 1", "end 1: 200"])
    }

    /// A plugin of one's own that wraps the logger hands it its attempt as a provider does:
    /// the request line on the way out, the outcome line with what the request taught.
    @Test func theLoggerCalledDirectlyLogsBothLinesOfAnAttempt() throws {
        let lines = Locked([String]())
        let logger = NetworkLoggerPlugin(configuration: .init(output: { _, new in lines.withLock { $0 += new } }))
        let token = "tok-77d0e1a9b2"
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/echo?t=\(token)")))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let target = GenericTarget(baseURL: exampleBase, path: "echo")
        var context = AttemptContext(number: 1, reason: .first)
        let attempt = logger.startAttempt(for: request, target: target, context: &context)
        logger.didReceive(.success(Response(statusCode: 200, data: Data("{}".utf8), request: request)),
                          target: target, attempt: attempt)
        let logged = lines.withLock { $0 }
        #expect(logged.count == 2)
        #expect(logged.first?.contains("Request: GET https://api.example.com/echo?t=<redacted>") == true)
        #expect(logged.last?.contains("Response: GET https://api.example.com/echo?t=<redacted> → 200") == true)
        #expect(!logged.joined().contains(token))
    }

    /// The logger keeps what redacting a request taught for its outcome's lines: a token that
    /// the `Authorization` header carries and the URL repeats under a name no policy lists is
    /// replaced in the outcome's line as in the request's.
    @Test func theLoggersOutcomeLineUsesWhatTheRequestTaught() async throws {
        let lines = Locked([String]())
        let logger = NetworkLoggerPlugin(configuration: .init(output: { _, new in lines.withLock { $0 += new } }))
        let token = "tok-3f9a81c2e7"
        let target = GenericTarget(baseURL: exampleBase, path: "echo", task: .query(["t": token]),
                                   headers: ["Authorization": "Bearer \(token)"])
        let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub, plugins: [logger])
        _ = try await provider.response(for: target)
        let logged = lines.withLock { $0 }
        #expect(logged.count == 2)
        #expect(logged.contains { $0.contains("Response") && $0.contains("t=<redacted>") })
        #expect(!logged.joined().contains(token))
    }
}
