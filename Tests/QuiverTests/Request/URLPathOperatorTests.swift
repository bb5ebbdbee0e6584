import Foundation
import Testing
@testable import Quiver

@Suite struct URLPathOperatorTests {
    /// CoreNetKit's routes, written as its users write them.
    private enum RegistrationRoute {
        case auth, users, user(String)

        func url() throws -> URL {
            let base = URL(string: "http://example.com/api/")
            switch self {
            case .auth: return try base + "/user/auth"
            case .users: return try base + "/user/users"
            case .user(let id): return try base + "/user/\(id)"
            }
        }
    }

    @Test func routesJoinWithOneSlashAndEscapeSegments() throws {
        #expect(try RegistrationRoute.auth.url().absoluteString == "http://example.com/api/user/auth")
        #expect(try RegistrationRoute.user("ada lovelace").url().absoluteString == "http://example.com/api/user/ada%20lovelace")
        #expect(try (exampleBase + "users").absoluteString == "https://api.example.com/v2/users")
    }

    @Test func theBaseQueryIsKeptAtTheEnd() throws {
        let base = try #require(URL(string: "https://example.com/v1?key=1"))
        #expect(try (base + "/items").absoluteString == "https://example.com/v1/items?key=1")
    }

    @Test func aQueryInThePathOrANilBaseIsRefused() {
        #expect(throws: QuiverError.self) { try exampleBase + "users?page=2" }
        let missing: URL? = nil
        do {
            _ = try missing + "/users"
            Issue.record("expected a throw")
        } catch {
            guard case .invalidRequest(let message) = error else { Issue.record("expected .invalidRequest"); return }
            #expect(message.contains("nil"))
        }
    }
}
