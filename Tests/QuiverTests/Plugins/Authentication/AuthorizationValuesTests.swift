import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The `Authorization` value a token plugin reuses while the token stays the same: always the
/// value of the token asked for, never a refused one.
@Suite struct AuthorizationValuesTests {
    private let jwt = String(repeating: "eyJhbGciOiJIUzI1NiJ9.", count: 10)

    private func value(_ values: AuthorizationValues, _ scheme: String, _ token: String) throws -> String {
        try values.value(scheme: scheme, token: token, method: "GET", url: "https://api.example.com/items")
    }

    @Test func eachValueIsTheSchemeAndTheTokenAskedFor() throws {
        let values = AuthorizationValues()
        #expect(try value(values, "Bearer", jwt) == "Bearer \(jwt)")
        #expect(try value(values, "Bearer", jwt) == "Bearer \(jwt)")
        #expect(try value(values, "Bearer", String(jwt.dropLast()) + "x") == "Bearer \(jwt.dropLast())x")
        #expect(try value(values, "Basic", String(jwt.dropLast()) + "x") == "Basic \(jwt.dropLast())x")
        // An equal token in another string is the same token.
        #expect(try value(values, "Basic", String(jwt.dropLast()) + "x") == "Basic \(jwt.dropLast())x")
    }

    @Test func aTokenThatCannotBeAHeaderValueIsRefusedWhateverCameBefore() throws {
        let values = AuthorizationValues()
        #expect(try value(values, "Bearer", jwt) == "Bearer \(jwt)")
        for bad in ["a\r\nX-Injected: 1", "line\nbreak", "nul\u{0}"] {
            #expect(throws: QuiverError.self) { try value(values, "Bearer", bad) }
            #expect(throws: QuiverError.self) { try value(values, "Bearer", bad) }
        }
        #expect(try value(values, "Bearer", jwt) == "Bearer \(jwt)")
    }

    @Test func tokensAskedInTurnFromManyTasksEachGetTheirOwnValue() async {
        let values = AuthorizationValues()
        let wrong = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for index in 0..<1_000 {
                        let token = "token-\((index + task) % 3)"
                        let made = try? values.value(scheme: "Bearer", token: token, method: "GET", url: "https://a.example")
                        if made != "Bearer " + token { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }

    /// Through the plugin, as apps use it: a token that changes between requests is sent as it
    /// is now.
    @Test func theAccessTokenPluginSendsTheTokenOfTheMoment() async throws {
        let current = Locked("first-token")
        let transport = RecordingTransport()
        let provider = Provider<AuthorizedGeneric>(transport: transport,
                                                   plugins: [AccessTokenPlugin { _ in current.withLock { $0 } }])
        _ = try await provider.response(for: AuthorizedGeneric())
        current.withLock { $0 = "second-token" }
        _ = try await provider.response(for: AuthorizedGeneric())
        _ = try await provider.response(for: AuthorizedGeneric())
        #expect(transport.requests.map { $0.headerFields["Authorization"] } == ["Bearer first-token", "Bearer second-token",
                                                                               "Bearer second-token"])
    }

    private struct AuthorizedGeneric: TargetType, AccessTokenAuthorizable {
        var baseURL: URL { exampleBase }
        var path: String { "items" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
        var authorizationType: AuthorizationType? { .bearer }
    }
}
