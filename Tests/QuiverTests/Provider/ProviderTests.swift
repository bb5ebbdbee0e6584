import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
import QuiverTesting

@Suite struct ProviderTests {
    @Test func aLiveRequestGoesThroughTheTransportWithTheBuiltRequest() async throws {
        let transport = RecordingTransport(.status(200, Data(#"{"id":1,"name":"Ada"}"#.utf8)))
        let provider = Provider<ExampleAPI>(transport: transport)
        let response = try await provider.response(for: .search(query: "swift lang", page: 2))
        #expect(response.statusCode == 200)
        let sent = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(sent.url.absoluteString == "https://api.example.com/v2/search?page=2&q=swift%20lang")
        #expect(sent.method == .get)
        #expect(response.request?.url == sent.url)
    }

    @Test func pluginsRunInOrderThroughEveryHook() async {
        let log = HookLog()
        let provider = Provider<ExampleAPI>(transport: RecordingTransport(),
                                            plugins: [HookRecorder("a", log: log), HookRecorder("b", log: log)])
        _ = await provider.result(for: .user(id: 1))
        #expect(log.entries == ["a.prepare", "b.prepare", "a.willSend", "b.willSend",
                                "a.didReceive", "b.didReceive", "a.process", "b.process"])
    }

    @Test func eachPluginSeesTheRequestThePreviousOnePrepared() async throws {
        let log = HookLog()
        let transport = RecordingTransport()
        let provider = Provider<ExampleAPI>(transport: transport,
                                            plugins: [HookRecorder("a", log: log), HookRecorder("b", log: log)])
        _ = await provider.result(for: .user(id: 1))
        let sent = try #require(transport.requests.first)
        #expect(sent.value(forHTTPHeaderField: "X-Plugins") == "a,b")
    }

    @Test func aPluginThatThrowsInPrepareRefusesTheRequestAndNothingIsSent() async {
        let log = HookLog()
        let transport = RecordingTransport()
        let provider = Provider<ExampleAPI>(transport: transport, plugins: [
            HookRecorder("a", log: log, refusal: TestError(reason: "no token")), HookRecorder("b", log: log),
        ])
        let result = await provider.result(for: .user(id: 1))
        guard case .plugin(let error) = result.failure else {
            Issue.record("expected .plugin, got \(result)")
            return
        }
        #expect(error as? TestError == TestError(reason: "no token"))
        #expect(transport.requests.isEmpty)
        // Nothing went out, so there is no willSend/didReceive pair; process still sees it.
        #expect(log.entries == ["a.prepare", "a.process", "b.process"])
    }

    @Test func aQuiverErrorThrownByAPluginIsKeptAsItIs() async {
        let provider = Provider<ExampleAPI>(transport: RecordingTransport(), plugins: [
            HookRecorder("a", log: HookLog(), refusal: QuiverError.invalidRequest("refused")),
        ])
        let result = await provider.result(for: .user(id: 1))
        guard case .invalidRequest("refused") = result.failure else {
            Issue.record("expected the plugin's own error, got \(result)")
            return
        }
    }

    @Test func processMayReplaceTheResult() async throws {
        let replacement = Response(statusCode: 299, data: Data("replaced".utf8))
        let provider = Provider<ExampleAPI>(transport: RecordingTransport(.failure(URLError(.notConnectedToInternet))),
                                            plugins: [HookRecorder("a", log: HookLog(), replacement: .success(replacement))])
        let response = try await provider.response(for: .user(id: 1))
        #expect(response.statusCode == 299)
        #expect(response.data == Data("replaced".utf8))
    }

    @Test func pluginsSeeTheWrappedTargetOfAMultiTarget() async {
        let plugin = HookRecorder("a", log: HookLog())
        let provider = Provider<MultiTarget>(transport: RecordingTransport(), plugins: [plugin])
        _ = await provider.result(for: MultiTarget(ExampleAPI.user(id: 1)))
        _ = await provider.result(for: .target(GenericTarget(baseURL: exampleBase)))
        #expect(plugin.targetTypes.withLock { $0 } == ["ExampleAPI", "GenericTarget"])
    }

    @Test func aStatusOutsideTheValidationFailsWithTheResponseKept() async {
        let provider = Provider<ExampleAPI>(transport: RecordingTransport(.status(404, Data("gone".utf8))))
        let result = await provider.result(for: .missing)
        guard case .statusCode(let response) = result.failure else {
            Issue.record("expected .statusCode, got \(result)")
            return
        }
        #expect(response.statusCode == 404)
        #expect(response.data == Data("gone".utf8))
        #expect(result.failure?.response?.statusCode == 404)
    }

    @Test func aTargetWithoutValidationAcceptsAnyStatus() async throws {
        let target = GenericTarget(baseURL: exampleBase, validationType: .none)
        let provider = Provider<GenericTarget>(transport: RecordingTransport(.status(500, Data())))
        #expect(try await provider.response(for: target).statusCode == 500)
    }

    @Test(arguments: [
        (URLError(.cancelled) as any Error, "cancelled"), (CancellationError(), "cancelled"),
        (URLError(.timedOut), "timedOut"), (URLError(.networkConnectionLost), "transport"),
        (TestError(reason: "x"), "transport"),
    ])
    func transportErrorsMapToTheirCase(error: any Error, expected: String) async {
        let provider = Provider<ExampleAPI>(transport: RecordingTransport(.failure(error)))
        let result = await provider.result(for: .user(id: 1))
        switch result.failure {
        case .cancelled?: #expect(expected == "cancelled")
        case .timedOut?: #expect(expected == "timedOut")
        case .transport?: #expect(expected == "transport")
        default: Issue.record("unexpected \(result)")
        }
    }

    @Test func decodeReturnsTheModel() async throws {
        let provider = Provider<ExampleAPI>(transport: RecordingTransport(.status(200, Data(#"{"id":3,"name":"Ada"}"#.utf8))))
        #expect(try await provider.decode(User.self, from: .user(id: 3)) == User(id: 3, name: "Ada"))
    }

    @Test func decodeOfAMalformedBodyIsADecodingErrorCarryingTheResponse() async {
        let provider = Provider<ExampleAPI>(transport: RecordingTransport(.status(200, Data("{not json".utf8))))
        do {
            _ = try await provider.decode(User.self, from: .user(id: 3))
            Issue.record("decoding should fail")
        } catch {
            guard case .decoding(_, let response) = error else {
                Issue.record("expected .decoding, got \(error)")
                return
            }
            #expect(response.data == Data("{not json".utf8))
        }
    }

    @Test func decodeUsesTheGivenDecoder() async throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        struct Profile: Decodable, Equatable { let fullName: String }
        let provider = Provider<ExampleAPI>(transport: RecordingTransport(.status(200, Data(#"{"full_name":"Ada"}"#.utf8))))
        #expect(try await provider.decode(Profile.self, from: .user(id: 1), using: decoder) == Profile(fullName: "Ada"))
    }

    @Test func theEndpointClosureCanAddHeadersAndReplaceTasks() async throws {
        let transport = RecordingTransport()
        let provider = Provider<ExampleAPI>(endpointClosure: { target in
            Provider.defaultEndpointMapping(for: target)
                .adding(newHTTPHeaderFields: ["X-Client": "tests"])
                .replacing(task: .query(["replaced": true]))
        }, transport: transport)
        _ = try await provider.response(for: .user(id: 1))
        let sent = try #require(transport.requests.first)
        #expect(sent.value(forHTTPHeaderField: "X-Client") == "tests")
        #expect(sent.url.query == "replaced=true")
    }

    @Test func aTargetTimeoutReachesTheTransportAndTheRequest() async throws {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport)
        _ = try await provider.response(for: GenericTarget(baseURL: exampleBase, timeout: 2.5))
        let sent = try #require(transport.requests.first)
        #expect(sent.timeout == 2.5)
        #expect(sent.head.timeoutInterval == 2.5)
    }

    @Test func anInvalidRequestSendsNothingButProcessStillSeesTheFailure() async {
        let log = HookLog()
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: [HookRecorder("a", log: log)])
        let result = await provider.result(for: GenericTarget(baseURL: exampleBase, task: .data(Data("x".utf8))))
        guard case .invalidRequest = result.failure else {
            Issue.record("expected .invalidRequest, got \(result)")
            return
        }
        #expect(transport.requests.isEmpty)
        #expect(log.entries == ["a.prepare", "a.process"])
    }

    @Test func aHeaderAPluginAddsIsCheckedToo() async {
        struct BadHeaderPlugin: PluginType {
            func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
                var request = request
                request.setValue("v", forHTTPHeaderField: "Bad Header")
                return request
            }
        }
        let transport = RecordingTransport()
        let provider = Provider<ExampleAPI>(transport: transport, plugins: [BadHeaderPlugin()])
        let result = await provider.result(for: .user(id: 1))
        guard case .invalidRequest = result.failure else {
            Issue.record("expected .invalidRequest, got \(result)")
            return
        }
        #expect(transport.requests.isEmpty)
    }

    /// Sets the request's URL to `url`.
    struct URLRewriter: PluginType {
        let url: String

        func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
            request.url = URL(string: url)
            return request
        }
    }

    @Test(arguments: ["ftp://files.example.com/x", "https:///no-host"])
    func aURLAPluginSetsIsCheckedToo(url: String) async {
        let transport = RecordingTransport()
        let provider = Provider<ExampleAPI>(transport: transport, plugins: [URLRewriter(url: url)])
        for _ in 0..<2 {
            let result = await provider.result(for: .user(id: 1))
            guard case .invalidRequest = result.failure else {
                Issue.record("expected .invalidRequest, got \(result)")
                return
            }
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func aPluginMayTurnABaseURLThatCannotBeRequestedIntoOneThatCan() async throws {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport,
                                               plugins: [URLRewriter(url: "https://api.example.com/users/1")])
        let placeholder = try #require(URL(string: "quiver-env://api"))
        for _ in 0..<2 {
            _ = try await provider.response(for: GenericTarget(baseURL: placeholder, path: "users/1"))
        }
        #expect(transport.requests.map { $0.url.absoluteString } ==
                ["https://api.example.com/users/1", "https://api.example.com/users/1"])
        let unfixed = await Provider<GenericTarget>(transport: transport).result(for: GenericTarget(baseURL: placeholder))
        guard case .invalidRequest = unfixed.failure else {
            Issue.record("expected .invalidRequest, got \(unfixed)")
            return
        }
        #expect(transport.requests.count == 2)
    }

    @Test func consumingAndMoyaStylePluginsChainTheirChangesInOrder() async throws {
        struct Consuming: PluginType {
            func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
                request.setValue((request.value(forHTTPHeaderField: "X-Trail") ?? "") + "c", forHTTPHeaderField: "X-Trail")
                return request
            }
        }
        struct MoyaStyle: PluginType {
            func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
                var request = request
                request.setValue((request.value(forHTTPHeaderField: "X-Trail") ?? "") + "m", forHTTPHeaderField: "X-Trail")
                return request
            }
        }
        let script = StubScript.sequence([.networkResponse(503, Data()), .networkResponse(200, Data())])
        let provider = Provider<ExampleAPI>(transport: script, plugins: [Consuming(), MoyaStyle(), Consuming()],
                                            retryPolicy: RetryPolicy(maximumAttempts: 2, baseDelay: 0.001))
        _ = try await provider.response(for: .user(id: 1))
        // Each attempt starts again from the built request: the handed-over copy never leaks back.
        #expect(script.requests.map { $0.value(forHTTPHeaderField: "X-Trail") } == ["cmc", "cmc"])
    }

    @Test func aCancelledTaskEndsWithCancelledBeforeSending() async {
        let transport = RecordingTransport()
        let provider = Provider<ExampleAPI>(transport: transport)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await provider.result(for: .user(id: 1))
        }
        guard case .cancelled = await task.value.failure else {
            Issue.record("expected .cancelled")
            return
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func cancellingDuringTheTransportEndsPromptlyWithCancelled() async {
        let provider = Provider<ExampleAPI>(transport: RecordingTransport(.delay(30)))
        let task = Task { await provider.result(for: .user(id: 1)) }
        try? await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        guard case .cancelled = await task.value.failure else {
            Issue.record("expected .cancelled")
            return
        }
    }
}
