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
        let environments = EnvironmentPlugin(prod)
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
        let environments = EnvironmentPlugin(prod)
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
        let environments = EnvironmentPlugin(prod)
        #expect(environments.environments == [prod])
        environments.switch(to: staging)
        #expect(Set(environments.environments) == [prod, staging])
        // A target written against staging now follows the switch back to prod.
        environments.switch(to: prod)
        let provider = Provider<GenericTarget>(transport: RecordingTransport(), plugins: [environments])
        let target = GenericTarget(baseURL: staging.baseURL, path: "users")
        #expect(try await provider.response(for: target).request?.url?.absoluteString == "https://api.example.com/v2/users")
    }
}
