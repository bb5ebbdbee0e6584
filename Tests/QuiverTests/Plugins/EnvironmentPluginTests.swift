import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct EnvironmentPluginTests {
    private let prod = APIEnvironment(name: "prod", baseURL: URL(string: "https://api.example.com/v2")!)
    private let staging = APIEnvironment(name: "staging", baseURL: URL(string: "http://127.0.0.1:8080/staging/v2/")!)

    @Test func requestsGoToTheCurrentEnvironmentWithPathAndQueryKept() async throws {
        let environments = EnvironmentPlugin(current: prod, among: [])
        let transport = RecordingTransport()
        let provider = Provider<ExampleAPI>(transport: transport, plugins: [environments])
        _ = try await provider.response(for: .search(query: "a b", page: 2))
        environments.switch(to: staging)
        _ = try await provider.response(for: .search(query: "a b", page: 2))
        #expect(transport.requests.map { $0.url.absoluteString } == [
            "https://api.example.com/v2/search?page=2&q=a%20b",
            "http://127.0.0.1:8080/staging/v2/search?page=2&q=a%20b",
        ])
        #expect(environments.environment.name == "staging")
    }

    @Test func switchingFromManyThreadsWhileRequestsRunIsSafe() async {
        let environments = EnvironmentPlugin(current: prod, among: [])
        let provider = Provider<ExampleAPI>(transport: RecordingTransport(), plugins: [environments])
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        environments.switch(to: index.isMultiple(of: 4) ? staging : prod)
                    } else {
                        let url = try? await provider.response(for: .user(id: index)).request?.url?.absoluteString
                        #expect(url?.hasSuffix("/users/\(index)") == true)
                    }
                }
            }
        }
    }

    // Issue 12: a target naming another server (CodyFire's per-request ServerURL) was moved to
    // the current environment and lost its own path prefix.
    @Test func aTargetNamingAnotherServerKeepsItsURLAndPathPrefix() async throws {
        let environments = EnvironmentPlugin(current: staging, among: [prod])
        let provider = Provider<GenericTarget>(transport: RecordingTransport(), plugins: [environments])
        let files = GenericTarget(baseURL: URL(string: "https://server1.example.net/v1")!, path: "files/1")
        let sent = try await provider.response(for: files).request?.url?.absoluteString
        #expect(sent == "https://server1.example.net/v1/files/1")
        let api = GenericTarget(baseURL: prod.baseURL, path: "users/1")
        #expect(try await provider.response(for: api).request?.url?.absoluteString
            == "http://127.0.0.1:8080/staging/v2/users/1")
    }

    @Test func onlyWholePathSegmentsOfAKnownEnvironmentAreMoved() async throws {
        let environments = EnvironmentPlugin(current: staging, among: [prod])
        let provider = Provider<GenericTarget>(transport: RecordingTransport(), plugins: [environments])
        let v20 = GenericTarget(baseURL: URL(string: "https://api.example.com/v20")!, path: "users")
        #expect(try await provider.response(for: v20).request?.url?.absoluteString == "https://api.example.com/v20/users")
        let root = GenericTarget(baseURL: prod.baseURL, task: .query(["q": "x"]))
        #expect(try await provider.response(for: root).request?.url?.absoluteString
            == "http://127.0.0.1:8080/staging/v2?q=x")
    }

    @Test func theLongestKnownBaseURLDecides() async throws {
        let api = APIEnvironment(name: "api", baseURL: URL(string: "https://api.example.com")!)
        let environments = EnvironmentPlugin(current: staging, among: [api, prod])
        let provider = Provider<GenericTarget>(transport: RecordingTransport(), plugins: [environments])
        let target = GenericTarget(baseURL: prod.baseURL, path: "users")
        // Under prod (…/v2), not merely under api: /v2 is replaced, not kept.
        #expect(try await provider.response(for: target).request?.url?.absoluteString
            == "http://127.0.0.1:8080/staging/v2/users")
    }

    @Test func switchingToAnEnvironmentMakesItAKnownOne() async throws {
        let environments = EnvironmentPlugin(current: prod, among: [])
        #expect(environments.environments == [prod])
        environments.switch(to: staging)
        #expect(Set(environments.environments) == [prod, staging])
        // A target written against staging now follows the switch back to prod.
        environments.switch(to: prod)
        let provider = Provider<GenericTarget>(transport: RecordingTransport(), plugins: [environments])
        let target = GenericTarget(baseURL: staging.baseURL, path: "users")
        #expect(try await provider.response(for: target).request?.url?.absoluteString == "https://api.example.com/v2/users")
    }

    // Issue 29: a target sharing an environment's host but with a path prefix of its own
    // (`https://stage/v1` + `echo` when staging is `https://stage`) is another server's.
    @Test func aTargetWithItsOwnPathPrefixOnAnEnvironmentsHostIsNotMoved() async throws {
        let stage = APIEnvironment(name: "stage", baseURL: URL(string: "https://stage.example.com")!)
        let environments = EnvironmentPlugin(current: prod, among: [stage])
        let provider = Provider<GenericTarget>(transport: RecordingTransport(), plugins: [environments])
        let versioned = GenericTarget(baseURL: URL(string: "https://stage.example.com/v1")!, path: "echo")
        #expect(try await provider.response(for: versioned).request?.url?.absoluteString == "https://stage.example.com/v1/echo")
        let api = GenericTarget(baseURL: stage.baseURL, path: "echo")
        #expect(try await provider.response(for: api).request?.url?.absoluteString == "https://api.example.com/v2/echo")
    }

    // Issue 29: with a placeholder base URL that no environment names, the request used to be
    // sent to the placeholder and fail as a DNS error. It is refused, naming the plugin.
    @Test func aPlaceholderBaseURLNoEnvironmentNamesIsRefusedAndNothingIsSent() async throws {
        let environments = EnvironmentPlugin(current: staging, among: [prod])
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: [environments])
        let placeholder = GenericTarget(baseURL: URL(string: "https://api.app.invalid")!, path: "users")
        let result = await provider.result(for: placeholder)
        guard case .invalidRequest(let reason)? = result.failure else {
            Issue.record("expected .invalidRequest, got \(result)")
            return
        }
        #expect(reason.contains("EnvironmentPlugin"))
        #expect(reason.contains("https://api.app.invalid"))
        #expect(reason.contains("staging http://127.0.0.1:8080/staging/v2"))
        #expect(transport.requests.isEmpty)
        // Listed among the environments, the placeholder is moved like any other.
        environments.switch(to: APIEnvironment(name: "placeholder", baseURL: placeholder.baseURL))
        environments.switch(to: staging)
        #expect(try await provider.response(for: placeholder).request?.url?.absoluteString
            == "http://127.0.0.1:8080/staging/v2/users")
    }
}
