import Foundation
import Testing
@testable import Quiver

@Suite struct BasicAuthorizationTests {
    /// CodyFire's login: `APIRequest("login").method(.post).basicAuth(email:password:)`.
    private struct Login: TargetType {
        let email: String
        let password: String
        var baseURL: URL { exampleBase }
        var path: String { "login" }
        var method: HTTPMethod { .post }
        var task: HTTPTask { .plain }
        var headers: [String: String]? { .basicAuthorization(user: email, password: password) }
    }

    @Test func loginSendsTheBase64OfUserColonPasswordInUTF8() async throws {
        let transport = RecordingTransport()
        _ = try await Provider<Login>(transport: transport).response(for: Login(email: "test@mail.com", password: "qwërty:1"))
        let header = try #require(transport.requests.first?.value(forHTTPHeaderField: "Authorization"))
        #expect(header == "Basic " + Data("test@mail.com:qwërty:1".utf8).base64EncodedString())
        #expect(header == "Basic dGVzdEBtYWlsLmNvbTpxd8OrcnR5OjE=")
    }

    // A colon that a combining mark follows is one character with it, and a colon all the same:
    // the server would end the user name there.
    @Test(arguments: ["a:b", "a:\u{301}b", ":"])
    func aUserNameWithAColonIsRefusedAndNothingIsSent(_ user: String) async {
        let transport = RecordingTransport()
        let result = await Provider<Login>(transport: transport).result(for: Login(email: user, password: "x"))
        guard case .invalidRequest(let message) = result.failure else {
            Issue.record("expected .invalidRequest, got \(result)")
            return
        }
        #expect(message.contains("user name contains \":\""))
        #expect(transport.requests.isEmpty)
    }
}
