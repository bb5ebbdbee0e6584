import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// ``CredentialsPlugin`` answering httpbin's Basic and Digest challenges.
@Suite(.requiresHTTPBin) struct CredentialsHTTPBinTests {
    private var base: URL { TestServers.httpbin ?? TestServers.unconfigured }

    private struct Echo: Decodable { let authenticated: Bool; let user: String }

    /// A provider with the plugin and a counter of attempts sent.
    private func provider(user: String, password: String) -> (Provider<GenericTarget>, Locked<Int>) {
        let attempts = Locked(0)
        let counter = NetworkActivityPlugin { change, _ in if change == .began { attempts.withLock { $0 += 1 } } }
        return (Provider<GenericTarget>(plugins: [CredentialsPlugin(user: user, password: password), counter]), attempts)
    }

    @Test(arguments: ["basic-auth/ada/s3cret", "digest-auth/auth/ada/s3cret", "digest-auth/auth/ada/s3cret/MD5",
                      "digest-auth/auth/ada/s3cret/SHA-256", "digest-auth/auth-int/ada/s3cret/SHA-256"])
    func challengesAreAnsweredWithTheRightPassword(path: String) async throws {
        let (provider, attempts) = provider(user: "ada", password: "s3cret")
        let echo = try await provider.decode(Echo.self, from: GenericTarget(baseURL: base, path: path))
        #expect(echo.authenticated && echo.user == "ada")
        #expect(attempts.withLock { $0 } == 2)
    }

    @Test(arguments: ["basic-auth/ada/s3cret", "digest-auth/auth/ada/s3cret/MD5", "digest-auth/auth/ada/s3cret/SHA-256"])
    func aWrongPasswordIsA401AfterOneAnswerNotALoop(path: String) async {
        let (provider, attempts) = provider(user: "ada", password: "wrong")
        let started = Date()
        let result = await provider.result(for: GenericTarget(baseURL: base, path: path))
        guard case .failure(.statusCode(let response)) = result else {
            Issue.record("expected .statusCode(401), got \(result)")
            return
        }
        #expect(response.statusCode == 401)
        #expect(attempts.withLock { $0 } == 2)
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func laterRequestsToTheOriginAnswerTheChallengeUpFront() async throws {
        let (provider, attempts) = provider(user: "ada", password: "s3cret")
        let target = GenericTarget(baseURL: base, path: "basic-auth/ada/s3cret")
        _ = try await provider.response(for: target)
        _ = try await provider.response(for: target)
        #expect(attempts.withLock { $0 } == 3)
    }

    @Test func aTargetWithoutACredentialKeepsIts401() async {
        let provider = Provider<GenericTarget>(plugins: [CredentialsPlugin { _ in nil }])
        let result = await provider.result(for: GenericTarget(baseURL: base, path: "digest-auth/auth/ada/s3cret"))
        #expect(result.failure?.response?.statusCode == 401)
    }

    @Test func anAuthorizationHeaderFromAnotherPluginIsLeftAlone() async {
        let provider = Provider<GenericTarget>(plugins: [CredentialsPlugin(user: "ada", password: "s3cret")])
        let target = GenericTarget(baseURL: base, path: "basic-auth/ada/s3cret", headers: ["Authorization": "Bearer other"])
        let result = await provider.result(for: target)
        #expect(result.failure?.response?.statusCode == 401)
        #expect(result.failure?.response?.request?.value(forHTTPHeaderField: "Authorization") == "Bearer other")
    }

    // Issue 29: the remembered Basic answer was sent up front to every path of the origin, and
    // the Digest challenge of another path was then refused as "already answered" (both orders).
    @Test(arguments: [["basic-auth/ada/s3cret", "digest-auth/auth/ada/s3cret/SHA-256"],
                      ["digest-auth/auth/ada/s3cret/SHA-256", "basic-auth/ada/s3cret"]])
    func challengesOfOtherProtectionSpacesOnOneOriginAreEachAnswered(paths: [String]) async throws {
        let (provider, attempts) = provider(user: "ada", password: "s3cret")
        for path in paths {
            let echo = try await provider.decode(Echo.self, from: GenericTarget(baseURL: base, path: path))
            #expect(echo.authenticated && echo.user == "ada")
        }
        // Then each is answered up front within its own space.
        for path in paths {
            _ = try await provider.response(for: GenericTarget(baseURL: base, path: path))
        }
        #expect(attempts.withLock { $0 } <= 7)
    }

    // Issue 29: with validation `.none` (what the Moya guide suggests for Moya's behaviour) the
    // 401 came back as a success and was never answered.
    @Test func aChallengeIsAnsweredWhateverTheValidation() async throws {
        let (provider, attempts) = provider(user: "ada", password: "s3cret")
        let target = GenericTarget(baseURL: base, path: "basic-auth/ada/s3cret", validationType: .none)
        let response = try await provider.response(for: target)
        #expect(response.statusCode == 200)
        #expect(attempts.withLock { $0 } == 2)
    }
}
