import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct AuthenticationPluginTests {
    /// A server that accepts only the token in `valid`.
    private func server(accepting valid: Locked<String>) -> ScriptedTransport {
        ScriptedTransport { request, _ in
            let accepted = request.value(forHTTPHeaderField: "Authorization") == "Bearer \(valid.withLock { $0 })"
            return accepted ? (200, [:], Data("ok".utf8)) : (401, ["WWW-Authenticate": "Bearer"], Data())
        }
    }

    private let target = GenericTarget(baseURL: exampleBase, path: "me")

    private func concurrently(_ count: Int, _ provider: Provider<GenericTarget>) async -> [Result<Response, QuiverError>] {
        await withTaskGroup(of: Result<Response, QuiverError>.self) { group in
            for _ in 0..<count {
                group.addTask { await provider.result(for: target) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func aHundredConcurrentRequestsWithAnExpiredTokenRefreshOnce() async {
        let valid = Locked("fresh")
        let refreshes = Locked(0)
        let auth = AuthenticationPlugin(credential: .init(accessToken: "stale", expiresAt: Date(timeIntervalSinceNow: -10))) { _ in
            refreshes.withLock { $0 += 1 }
            try await Task.sleep(nanoseconds: 20_000_000)
            return AuthenticationCredential(accessToken: "fresh", expiresAt: Date(timeIntervalSinceNow: 3600))
        }
        let transport = server(accepting: valid)
        let results = await concurrently(100, Provider(transport: transport, plugins: [auth]))
        #expect(results.allSatisfy { (try? $0.get().statusCode) == 200 })
        #expect(refreshes.withLock { $0 } == 1)
        #expect(!transport.authorizations.contains("Bearer stale"))
    }

    @Test func aHundredConcurrent401sRefreshOnceAndReplayWithTheFreshToken() async {
        let valid = Locked("fresh")
        let refreshes = Locked(0)
        let auth = AuthenticationPlugin(credential: .init(accessToken: "revoked")) { stale in
            #expect(stale?.accessToken == "revoked")
            refreshes.withLock { $0 += 1 }
            try await Task.sleep(nanoseconds: 20_000_000)
            return AuthenticationCredential(accessToken: "fresh")
        }
        let transport = server(accepting: valid)
        let results = await concurrently(100, Provider(transport: transport, plugins: [auth]))
        #expect(results.allSatisfy { (try? $0.get().statusCode) == 200 })
        #expect(refreshes.withLock { $0 } == 1)
        // Each request went out at most twice: once stale, once fresh — never replayed stale.
        #expect(transport.authorizations.filter { $0 == "Bearer revoked" }.count <= 100)
        #expect(transport.authorizations.filter { $0 == "Bearer fresh" }.count == 100)
        #expect(await auth.credential?.accessToken == "fresh")
    }

    @Test func aFailingRefreshFailsEveryWaitingRequestWithATypedError() async {
        let valid = Locked("fresh")
        let auth = AuthenticationPlugin(credential: .init(accessToken: "stale", expiresAt: .distantPast)) { _ in
            try await Task.sleep(nanoseconds: 20_000_000)
            throw TestError(reason: "refresh token revoked")
        }
        let transport = server(accepting: valid)
        let results = await concurrently(20, Provider(transport: transport, plugins: [auth]))
        for result in results {
            guard case .plugin(let error) = result.failure, case .refreshFailed(let cause) = error as? AuthenticationError else {
                Issue.record("expected .plugin(.refreshFailed), got \(result)")
                continue
            }
            #expect(cause as? TestError == TestError(reason: "refresh token revoked"))
        }
        #expect(transport.requests.isEmpty)
        #expect(await auth.refreshCount <= 3)
    }

    @Test func aServerThatRejectsEveryTokenStopsTheRefreshLoop() async {
        let counter = Locked(0)
        let auth = AuthenticationPlugin(credential: .init(accessToken: "t0"), maximumRefreshes: 3, refreshWindow: 60) { _ in
            AuthenticationCredential(accessToken: "t\(counter.withLock { $0 += 1; return $0 })")
        }
        let transport = ScriptedTransport { _, _ in (401, [:], Data()) }
        let result = await Provider<GenericTarget>(transport: transport, plugins: [auth]).result(for: target)
        guard case .plugin(let error) = result.failure, case .refreshLimitExceeded(let refreshes, _) = error as? AuthenticationError else {
            Issue.record("expected .refreshLimitExceeded, got \(result)")
            return
        }
        #expect(refreshes == 3)
        #expect(transport.requests.count == 4)
        #expect("\(error)".contains("not refreshing again"))
    }

    @Test func aMissingCredentialIsFetchedOnFirstUse() async throws {
        let auth = AuthenticationPlugin(credential: nil) { stale in
            #expect(stale == nil)
            return AuthenticationCredential(accessToken: "fresh")
        }
        let transport = server(accepting: Locked("fresh"))
        _ = try await Provider<GenericTarget>(transport: transport, plugins: [auth]).response(for: target)
        #expect(transport.authorizations == ["Bearer fresh"])
    }

    @Test func targetsThatOptOutAreSentWithoutCredentialAndNotRefreshed() async {
        let auth = AuthenticationPlugin(credential: .init(accessToken: "t")) { _ in
            Issue.record("must not refresh")
            return AuthenticationCredential(accessToken: "never")
        }
        let transport = ScriptedTransport { _, _ in (401, [:], Data()) }
        let result = await Provider<SecureTarget>(transport: transport, plugins: [auth]).result(for: SecureTarget(authorizationType: nil))
        #expect(result.failure?.response?.statusCode == 401)
        #expect(transport.authorizations == [nil])
    }

    @Test func aSequenced401Then200DrivesExactlyOneRefresh() async throws {
        let auth = AuthenticationPlugin(credential: .init(accessToken: "old")) { _ in AuthenticationCredential(accessToken: "new") }
        let transport = ScriptedTransport { _, attempt in attempt == 1 ? (401, [:], Data()) : (200, [:], Data("ok".utf8)) }
        let response = try await Provider<GenericTarget>(transport: transport, plugins: [auth]).response(for: target)
        #expect(response.statusCode == 200)
        #expect(transport.authorizations == ["Bearer old", "Bearer new"])
        #expect(await auth.refreshCount == 1)
    }
}
