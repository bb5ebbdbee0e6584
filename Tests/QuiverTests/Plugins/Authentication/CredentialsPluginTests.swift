import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// ``CredentialsPlugin`` against scripted servers: when it answers, and when it must not.
@Suite struct CredentialsPluginTests {
    private let target = GenericTarget(baseURL: URL(string: "https://api.example.com")!, path: "private")

    private static let digest = #"Digest realm="r", nonce="n1", qop="auth", algorithm=SHA-256"#

    @Test func aStaleNonceIsAnsweredAgainButNotForever() async {
        let transport = ScriptedTransport { _, _ in
            (401, ["WWW-Authenticate": Self.digest + ", stale=true"], Data())
        }
        let provider = Provider<GenericTarget>(transport: transport, plugins: [CredentialsPlugin(user: "u", password: "p")])
        let result = await provider.result(for: target)
        #expect(result.failure?.response?.statusCode == 401)
        #expect(transport.authorizations.count == 3)
        #expect(transport.authorizations.first == .some(nil))
        #expect(transport.authorizations.dropFirst().allSatisfy { $0?.hasPrefix("Digest ") == true })
    }

    @Test func nonceCountsGrowWithEachUseOfTheSameNonce() async throws {
        let transport = ScriptedTransport { request, _ in
            request.value(forHTTPHeaderField: "Authorization") == nil
                ? (401, ["WWW-Authenticate": Self.digest], Data()) : (200, [:], Data())
        }
        let provider = Provider<GenericTarget>(transport: transport, plugins: [CredentialsPlugin(user: "u", password: "p")])
        _ = try await provider.response(for: target)
        _ = try await provider.response(for: target)
        let counts = transport.authorizations.compactMap { $0 }.map { $0.contains("nc=00000001") ? 1 : $0.contains("nc=00000002") ? 2 : 0 }
        #expect(counts == [1, 2])
    }

    @Test func aChallengeFromAnotherOriginIsNotAnswered() async {
        let transport = ScriptedTransport { _, _ in (401, ["WWW-Authenticate": #"Basic realm="r""#], Data()) }
        let redirected = RedirectedTransport(wrapping: transport, to: URL(string: "https://evil.example.net/private")!)
        let provider = Provider<GenericTarget>(transport: redirected, plugins: [CredentialsPlugin(user: "u", password: "p")])
        let result = await provider.result(for: target)
        #expect(result.failure?.response?.statusCode == 401)
        #expect(transport.authorizations == [nil])
    }

    @Test func aBasicUserNameWithAColonIsRefusedBeforeItIsSent() async {
        let transport = ScriptedTransport { _, _ in (401, ["WWW-Authenticate": #"Basic realm="r""#], Data()) }
        let provider = Provider<GenericTarget>(transport: transport, plugins: [CredentialsPlugin(user: "a:b", password: "p")])
        guard case .failure(.invalidRequest(let message)) = await provider.result(for: target) else {
            Issue.record("expected .invalidRequest")
            return
        }
        #expect(message.contains("colon") && !message.contains("p\""))
        #expect(transport.authorizations == [nil])
    }

    @Test func anErrorFromTheCredentialsClosureEndsTheRequestAsAPluginError() async {
        struct Locked: Error {}
        let transport = ScriptedTransport { _, _ in (401, ["WWW-Authenticate": #"Basic realm="r""#], Data()) }
        let provider = Provider<GenericTarget>(transport: transport, plugins: [CredentialsPlugin { _ in throw Locked() }])
        guard case .failure(.plugin(let error)) = await provider.result(for: target) else {
            Issue.record("expected .plugin")
            return
        }
        #expect(error is Locked)
    }
}

/// Hands back the wrapped transport's response as if it came from `finalURL` after a redirect.
private struct RedirectedTransport: HTTPTransport {
    let wrapping: ScriptedTransport
    let to: URL

    func send(_ request: TransportRequest) async throws -> Response {
        let response = try await wrapping.send(request)
        let http = HTTPURLResponse(url: to, statusCode: response.statusCode, httpVersion: "HTTP/1.1",
                                   headerFields: response.response?.allHeaderFields as? [String: String])
        return Response(statusCode: response.statusCode, data: response.data, response: http)
    }
}
