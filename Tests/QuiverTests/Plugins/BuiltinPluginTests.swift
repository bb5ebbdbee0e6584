import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A provider skips what Quiver's own plugins are known not to need (``BuiltinPlugin``): the
/// second check of header fields each one checked as it wrote them, and `prepare`/`process`
/// calls that hand everything back as it is. These tests hold each plugin's claims against
/// what it does, and pin that nothing unchecked gets through: a plugin of the app's own, a
/// request closure, or a task's content type still meet a check, and nothing is sent.
@Suite struct BuiltinPluginTests {
    /// A plugin of the app's own that writes a header value holding CR LF, bypassing
    /// `setValue` (which would drop it silently on Linux).
    private struct SmugglingPlugin: PluginType {
        func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
            var fields = request.allHTTPHeaderFields ?? [:]
            fields["X-Evil"] = "a\r\nInjected: 1"
            request.allHTTPHeaderFields = fields
            return request
        }
    }

    private static let builtins: [any PluginType] = [
        AccessTokenPlugin { _ in "token" }, HeadersPlugin(["X-App-Version": "1.2.3"]),
        NetworkLoggerPlugin(configuration: .init(output: { _, _ in })),
        NetworkActivityPlugin { _, _ in },
    ]

    private static func target(_ task: HTTPTask = .plain, method: HTTPMethod = .get) -> GenericTarget {
        GenericTarget(baseURL: URL(string: "https://api.example.com")!, path: "items", method: method, task: task)
    }

    @Test func onlyQuiversOwnPluginsWithoutARequestClosureSkipTheSecondCheck() {
        #expect(Provider<GenericTarget>(transport: RecordingTransport()).headersStayChecked)
        #expect(Provider<GenericTarget>(transport: RecordingTransport(), plugins: Self.builtins).headersStayChecked)
        #expect(!Provider<GenericTarget>(transport: RecordingTransport(),
                                         plugins: Self.builtins + [SmugglingPlugin()]).headersStayChecked)
        #expect(!Provider<GenericTarget>(transport: RecordingTransport(), plugins: Self.builtins,
                                         requestClosure: { try $0.urlRequest() }).headersStayChecked)
        // A plugin that writes headers without checking each (Digest answers) is not one of them.
        #expect(!Provider<GenericTarget>(transport: RecordingTransport(),
                                         plugins: [CredentialsPlugin(user: "ada", password: "secret")]).headersStayChecked)
    }

    /// Requests `target` through `provider`: the request must be refused as invalid, for a
    /// reason that names `field`.
    private static func expectRefused(_ target: GenericTarget, by provider: Provider<GenericTarget>,
                                      naming field: String) async {
        guard case .invalidRequest(let reason) = await provider.result(for: target).failure else {
            Issue.record("expected .invalidRequest for \(target.task)")
            return
        }
        #expect(reason.contains(field))
    }

    @Test func anAppPluginsUncheckedHeaderAmongBuiltinsIsRefusedAndNothingIsSent() async {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: Self.builtins + [SmugglingPlugin()])
        await Self.expectRefused(Self.target(), by: provider, naming: "X-Evil")
        #expect(transport.requests.isEmpty)
    }

    @Test func aRequestClosuresUncheckedHeaderIsRefusedAndNothingIsSent() async {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: Self.builtins, requestClosure: { endpoint in
            var request = try endpoint.urlRequest()
            request.allHTTPHeaderFields = ["X-Evil": "a\r\nInjected: 1"]
            return request
        })
        await Self.expectRefused(Self.target(), by: provider, naming: "X-Evil")
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: ["text/plain\r\nInjected: 1", "text/plain\nInjected: 1", "text/\u{0}plain"])
    func aTasksContentTypeIsCheckedWhereItIsWritten(contentType: String) async throws {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: Self.builtins)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("quiver-header-check-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for task in [HTTPTask.data(Data("x".utf8), contentType: contentType), .uploadFile(file, contentType: contentType)] {
            await Self.expectRefused(Self.target(task, method: .post), by: provider, naming: "Content-Type")
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func theURLMethodAndBodyAreStillCheckedAfterBuiltinPlugins() async {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: Self.builtins)
        let badMethod = await provider.result(for: Self.target(method: "GE T")).failure
        let badBody = await provider.result(for: Self.target(.data(Data("x".utf8)), method: .get)).failure
        for failure in [badMethod, badBody] {
            guard case .invalidRequest = failure else {
                Issue.record("expected .invalidRequest, got \(String(describing: failure))")
                continue
            }
        }
        #expect(transport.requests.isEmpty)
    }

    /// Every plugin Quiver ships, in a configuration that acts on the target below.
    private static func everyBuiltin() -> [any PluginType] {
        let environment = APIEnvironment(name: "staging", baseURL: URL(string: "https://staging.example.com")!)
        let production = APIEnvironment(name: "production", baseURL: URL(string: "https://api.example.com")!)
        let credential = AuthenticationCredential(accessToken: "token", expiresAt: Date().addingTimeInterval(3_600))
        return [
            AccessTokenPlugin { _ in "token" }, AuthenticationPlugin(credential: credential) { _ in credential },
            CredentialsPlugin(user: "ada", password: "secret"), EnvironmentPlugin(current: environment, among: [production]),
            HeadersPlugin(["X-App-Version": "1.2.3"]), NetworkActivityPlugin { _, _ in },
            NetworkLoggerPlugin(configuration: .init(output: { _, _ in })),
        ]
    }

    @Test func everyPluginQuiverShipsStatesWhatItsHooksDo() {
        for plugin in Self.everyBuiltin() {
            #expect(plugin is any BuiltinPlugin, "\(type(of: plugin))")
        }
    }

    @Test func aPluginThatClaimsToLeaveRequestsAloneDoesSo() async throws {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/items?page=2")))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        let target = AuthorizedTarget()
        var checked = 0
        for plugin in Self.everyBuiltin() {
            guard let builtin = plugin as? any BuiltinPlugin, !type(of: builtin).hooks.preparesRequests else { continue }
            let prepared = try await plugin.prepare(request, target: target)
            #expect(prepared == request, "\(type(of: plugin))")
            checked += 1
        }
        #expect(checked == 2)
    }

    /// A provider whose preparing plugins are all Quiver's own sends the target's timeout
    /// without reading the request's back: none of them may change it.
    @Test func noPluginQuiverShipsChangesARequestsTimeout() async throws {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/items")))
        request.timeoutInterval = 7
        for plugin in Self.everyBuiltin() {
            let prepared = try await plugin.prepare(request, target: AuthorizedTarget())
            #expect(prepared.timeoutInterval == 7, "\(type(of: plugin))")
        }
    }

    @Test func aPluginThatClaimsToLeaveSuccessesAloneDoesSo() async throws {
        let request = URLRequest(url: try #require(URL(string: "https://api.example.com/items")))
        let response = Response(statusCode: 200, data: Data("{\"id\":1}".utf8), request: request)
        let target = AuthorizedTarget()
        var checked = 0
        for plugin in Self.everyBuiltin() {
            guard let builtin = plugin as? any BuiltinPlugin, !type(of: builtin).hooks.processesSuccesses else { continue }
            let processed = await plugin.process(.success(response), target: target)
            #expect((try? processed.get()) == response, "\(type(of: plugin))")
            checked += 1
        }
        #expect(checked == 7)
    }

    /// A provider calls `willSend` and `didReceive` only on plugins that observe requests: the
    /// others' are the protocol's empty defaults, and each call would copy the plugin.
    @Test func onlyObservingPluginsAreCalledAroundTheTransport() {
        let provider = Provider<GenericTarget>(transport: RecordingTransport(), plugins: Self.builtins)
        let observing = provider.observingPlugins.map { String(describing: type(of: $0)) }
        #expect(observing == ["NetworkLoggerPlugin", "NetworkActivityPlugin"])
        // The note-taking logger is found by its place among the observing plugins.
        #expect(provider.noteTaker?.index == 0)
        let logged = Provider<GenericTarget>(transport: RecordingTransport(),
                                             plugins: [AccessTokenPlugin { _ in "token" }, NetworkActivityPlugin { _, _ in },
                                                       NetworkLoggerPlugin(configuration: .init(output: { _, _ in }))])
        #expect(logged.noteTaker?.index == 1)
    }

    /// A plugin that claims to observe nothing keeps nothing of what `willSend` and
    /// `didReceive` would tell it: a challenge answered, a failure, a success. Were it to learn
    /// from them (a Digest challenge, say), skipping its calls would change what it sends.
    @Test func aPluginThatClaimsToObserveNothingLearnsNothingFromTheHooks() async throws {
        let url = try #require(URL(string: "https://api.example.com/items"))
        let request = URLRequest(url: url)
        let challenge = Response(statusCode: 401, data: Data(), request: request,
                                 response: HTTPURLResponse(url: url, statusCode: 401, httpVersion: "HTTP/1.1", headerFields: [
                                     "WWW-Authenticate": "Digest realm=\"api\", nonce=\"abc\", qop=\"auth\"",
                                 ]))
        let target = AuthorizedTarget()
        var checked = 0
        for plugin in Self.everyBuiltin() {
            guard let builtin = plugin as? any BuiltinPlugin, !type(of: builtin).hooks.observesRequests else { continue }
            let before = try await plugin.prepare(request, target: target)
            plugin.willSend(before, target: target)
            plugin.didReceive(.success(challenge), target: target)
            plugin.didReceive(.failure(.statusCode(challenge)), target: target)
            plugin.didReceive(.success(Response(statusCode: 200, data: Data("{}".utf8), request: before)), target: target)
            let after = try await plugin.prepare(request, target: target)
            #expect(after == before, "\(type(of: plugin))")
            #expect(after.allHTTPHeaderFields == before.allHTTPHeaderFields, "\(type(of: plugin))")
            checked += 1
        }
        #expect(checked == 5)
    }

    /// An app's plugin that observes, among Quiver's own, sees `willSend` and `didReceive` in
    /// its place among the other observers.
    @Test func anAppObserverAmongBuiltinsIsCalledInItsPlace() async throws {
        struct Observer: PluginType {
            let name: String
            let events: Locked<[String]>
            func willSend(_ request: URLRequest, target: any TargetType) {
                events.withLock { $0.append("\(name) willSend") }
            }
            func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
                events.withLock { $0.append("\(name) didReceive") }
            }
        }
        let events = Locked<[String]>([])
        let logger = NetworkLoggerPlugin(configuration: .init(output: { _, lines in
            let names = lines.map { $0.contains("Request") ? "logger willSend" : "logger didReceive" }
            events.withLock { $0.append(contentsOf: names) }
        }))
        let activity = NetworkActivityPlugin { change, _ in events.withLock { $0.append("activity \(change)") } }
        let provider = Provider<GenericTarget>(transport: RecordingTransport(), plugins: [
            Observer(name: "first", events: events), AccessTokenPlugin { _ in "token" }, logger,
            HeadersPlugin(["X-App-Version": "1.2.3"]), activity, Observer(name: "last", events: events),
        ])
        _ = try await provider.response(for: Self.target())
        #expect(events.withLock { $0 } == [
            "first willSend", "logger willSend", "activity began", "last willSend",
            "first didReceive", "logger didReceive", "activity ended", "last didReceive",
        ])
    }

    /// A plugin of the app's own among Quiver's still has every hook called, in order.
    @Test func anAppPluginAmongBuiltinsHasEveryHookCalled() async throws {
        struct Tagging: PluginType {
            func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
                request.setValue("1", forHTTPHeaderField: "X-Tagged")
                return request
            }
            func process(_ result: consuming Result<Response, QuiverError>, target: any TargetType) async -> Result<Response, QuiverError> {
                result.map { Response(statusCode: 299, data: $0.data, request: $0.request) }
            }
        }
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: Self.builtins + [Tagging()])
        #expect(provider.preparingPlugins.count == 3)
        #expect(provider.successProcessingPlugins.count == 1)
        let response = try await provider.response(for: Self.target())
        #expect(response.statusCode == 299)
        #expect(transport.requests.first?.headerFields["X-Tagged"] == "1")
        #expect(transport.requests.first?.headerFields["X-App-Version"] == "1.2.3")
    }

    /// Authorized with a bearer token, as the token plugins need.
    private struct AuthorizedTarget: TargetType, AccessTokenAuthorizable {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "items" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
        var authorizationType: AuthorizationType? { .bearer }
    }
}
