import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// ``AuthenticationPlugin`` against the fault server's `/bearer`, which accepts one token: a
/// `401` from the request's own origin refreshes the credential, one from another origin
/// (reached by a redirect, which never carried the token there) is handed back.
@Suite(.requiresFaultServer) struct AuthenticationIntegrationTests {
    private var origin: URL { TestServers.fault ?? TestServers.unconfigured }
    private var otherOrigin: URL { TestServers.faultOtherOrigin ?? TestServers.unconfigured }

    /// A plugin holding the token `stale`, whose refresh makes `fresh`, and how often it refreshed.
    private func plugin() -> (AuthenticationPlugin, Locked<Int>) {
        let refreshes = Locked(0)
        let plugin = AuthenticationPlugin(credential: .init(accessToken: "stale")) { _ in
            refreshes.withLock { $0 += 1 }
            return AuthenticationCredential(accessToken: "fresh")
        }
        return (plugin, refreshes)
    }

    private func result(for start: URL, plugin: AuthenticationPlugin) async -> Result<Response, QuiverError> {
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.cookieless, plugins: [plugin])
        return await provider.result(for: GenericTarget(baseURL: start, timeout: 10))
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func a401FromAnotherOriginIsHandedBackWithoutARefresh(status: Int) async {
        let (plugin, refreshes) = plugin()
        let elsewhere = url(otherOrigin, "/bearer", query: ["token": "fresh"])
        let start = url(origin, "/redirect", query: ["status": String(status), "to": elsewhere.absoluteString])
        let result = await result(for: start, plugin: plugin)
        guard case .failure(.statusCode(let response)) = result else {
            Issue.record("expected the other origin's 401, got \(result)")
            return
        }
        #expect(response.statusCode == 401)
        #expect(response.response?.url?.port == otherOrigin.port)
        #expect(refreshes.withLock { $0 } == 0, "the refresh token was spent on another origin's 401")
        #expect(await plugin.credential?.accessToken == "stale")
    }

    @Test(arguments: ["direct", "redirected"])
    func a401FromTheRequestsOwnOriginRefreshesOnceAndReplays(route: String) async throws {
        let (plugin, refreshes) = plugin()
        let bearer = url(origin, "/bearer", query: ["token": "fresh"])
        let start = route == "direct" ? bearer : url(origin, "/redirect", query: ["to": bearer.absoluteString])
        let response = try await result(for: start, plugin: plugin).get()
        #expect(response.statusCode == 200)
        #expect(refreshes.withLock { $0 } == 1)
    }
}
