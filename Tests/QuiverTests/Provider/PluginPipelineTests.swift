import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A provider runs every hook of every plugin, Quiver's own and an app's alike, in order, and
/// checks the request after them: nothing a plugin, a request closure or a task's content type
/// writes unchecked gets through, and nothing is sent.
@Suite struct PluginPipelineTests {
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

    /// Only a request no plugin and no request closure touched skips the second check of its
    /// header fields: the request builder checked each as it wrote it.
    @Test func onlyARequestNothingTouchedSkipsTheSecondCheck() {
        #expect(Provider<GenericTarget>(transport: RecordingTransport()).headersStayChecked)
        #expect(!Provider<GenericTarget>(transport: RecordingTransport(), plugins: Self.builtins).headersStayChecked)
        #expect(!Provider<GenericTarget>(transport: RecordingTransport(), requestClosure: { try $0.urlRequest() })
            .headersStayChecked)
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

    @Test func anAppPluginsUncheckedHeaderAmongQuiversOwnIsRefusedAndNothingIsSent() async {
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

    @Test func theURLMethodAndBodyAreCheckedAfterThePlugins() async {
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

    /// An app's plugin that observes, among Quiver's own, sees `willSend` and `didReceive` in
    /// its place among the other observers.
    @Test func anAppObserverAmongQuiversOwnIsCalledInItsPlace() async throws {
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
    @Test func anAppPluginAmongQuiversOwnHasEveryHookCalled() async throws {
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
        let response = try await provider.response(for: Self.target())
        #expect(response.statusCode == 299)
        #expect(transport.requests.first?.headerFields["X-Tagged"] == "1")
        #expect(transport.requests.first?.headerFields["X-App-Version"] == "1.2.3")
    }
}
