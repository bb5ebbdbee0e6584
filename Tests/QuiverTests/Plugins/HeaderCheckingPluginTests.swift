import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A provider whose plugins are all Quiver's own skips the second check of a prepared
/// request's header fields: each was checked where it was written. These tests pin that nothing
/// unchecked gets through that way: a plugin of the app's own, a request closure, or a task's
/// content type still meet a check, and nothing is sent.
@Suite struct HeaderCheckingPluginTests {
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

    @Test func anAppPluginsUncheckedHeaderAmongBuiltinsIsRefusedAndNothingIsSent() async {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: Self.builtins + [SmugglingPlugin()])
        guard case .invalidRequest(let reason) = await provider.result(for: Self.target()).failure else {
            Issue.record("expected .invalidRequest")
            return
        }
        #expect(reason.contains("X-Evil"))
        #expect(transport.requests.isEmpty)
    }

    @Test func aRequestClosuresUncheckedHeaderIsRefusedAndNothingIsSent() async {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: Self.builtins, requestClosure: { endpoint in
            var request = try endpoint.urlRequest()
            request.allHTTPHeaderFields = ["X-Evil": "a\r\nInjected: 1"]
            return request
        })
        guard case .invalidRequest(let reason) = await provider.result(for: Self.target()).failure else {
            Issue.record("expected .invalidRequest")
            return
        }
        #expect(reason.contains("X-Evil"))
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
            guard case .invalidRequest(let reason) = await provider.result(for: Self.target(task, method: .post)).failure else {
                Issue.record("expected .invalidRequest for \(task)")
                continue
            }
            #expect(reason.contains("Content-Type"))
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
}
