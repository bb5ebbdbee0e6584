import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct HeadersPluginTests {
    private let target = GenericTarget(baseURL: exampleBase, headers: ["Accept": "text/plain"])

    private func sent(with plugin: HeadersPlugin, target: GenericTarget? = nil) async throws -> URLRequest {
        let transport = RecordingTransport()
        _ = try await Provider<GenericTarget>(transport: transport, plugins: [plugin]).response(for: target ?? self.target)
        return try #require(transport.requests.first).head
    }

    @Test func staticAndDynamicHeadersAreAdded() async throws {
        let plugin = HeadersPlugin(["X-App-Version": "1.2"]) { target in ["X-Path": target.path.isEmpty ? "root" : target.path] }
        let request = try await sent(with: plugin)
        #expect(request.value(forHTTPHeaderField: "X-App-Version") == "1.2")
        #expect(request.value(forHTTPHeaderField: "X-Path") == "root")
    }

    @Test func theTargetsHeaderWinsByDefault() async throws {
        let request = try await sent(with: HeadersPlugin(["accept": "application/json"]))
        #expect(request.value(forHTTPHeaderField: "Accept") == "text/plain")
    }

    @Test func thePluginsHeaderWinsWhenConfiguredSo() async throws {
        let request = try await sent(with: HeadersPlugin(["accept": "application/json"], precedence: .plugin))
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func theTasksContentTypeCountsAsTheTargets() async throws {
        let json = GenericTarget(baseURL: exampleBase, method: .post, task: .json(["a": 1]))
        let request = try await sent(with: HeadersPlugin(["Content-Type": "text/plain"]), target: json)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func anIllegalHeaderValueRefusesTheRequest() async {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: [HeadersPlugin(["X-Bad": "a\r\nb"])])
        guard case .invalidRequest = await provider.result(for: target).failure else {
            Issue.record("expected .invalidRequest")
            return
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func anIllegalFixedHeaderNameRefusesEveryRequestNamingIt() async {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: [HeadersPlugin(["X Bad": "1", "X-Good": "2"])])
        for path in ["first", "second"] {
            let target = GenericTarget(baseURL: exampleBase, path: path)
            guard case .invalidRequest(let message) = await provider.result(for: target).failure else {
                Issue.record("expected .invalidRequest for \(path)")
                continue
            }
            #expect(message.contains("GET \(exampleBase.absoluteString)/\(path)"), "\(message)")
            #expect(message.contains("\"X Bad\" is not a valid HTTP token"), "\(message)")
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func aThrowingDynamicClosureRefusesTheRequest() async {
        let provider = Provider<GenericTarget>(transport: RecordingTransport(), plugins: [
            HeadersPlugin { _ in throw TestError(reason: "no locale") },
        ])
        guard case .plugin(let error) = await provider.result(for: target).failure else {
            Issue.record("expected .plugin")
            return
        }
        #expect(error as? TestError == TestError(reason: "no locale"))
    }
}

struct SecureTarget: TargetType, AccessTokenAuthorizable {
    var authorizationType: AuthorizationType?
    var baseURL: URL { exampleBase }
    var path: String { "me" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
}
