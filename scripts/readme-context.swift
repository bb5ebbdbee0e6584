// The context of the swift blocks of README.md and the DocC articles: the names they use but do
// not declare, as a reader would assume them (a base URL, a token, files, an app's API and its
// sign-in). scripts/test-readme compiles this file beside the blocks. Types a block declares
// itself (`User`, `GitHub` of the README's quick start, `Petstore` of Getting started,
// `APIError` ...) are not repeated here; keep this file to what the blocks really leave out.
import Quiver
import QuiverTesting

// MARK: Values

/// The base URL of "the API" in examples that build targets from values.
let api = URL(string: "https://api.example.com/v1")!   // a literal: cannot fail
let token = "secret-token"
let userJSON = Data(#"{"id":1,"login":"octocat"}"#.utf8)

/// Files an upload or download example reads or writes.
let videoURL = URL(fileURLWithPath: "/tmp/holiday.mp4")
let coverURL = URL(fileURLWithPath: "/tmp/cover.jpg")
let archiveURL = URL(fileURLWithPath: "/tmp/backup.tar.gz")
let downloadsFolder = URL(fileURLWithPath: "/tmp/downloads", isDirectory: true)
let fixtures = URL(fileURLWithPath: "/tmp/fixtures", isDirectory: true)

/// The provider of the quick start, which later blocks keep using.
let provider = Provider<GitHub>()

// MARK: An app's API and its sign-in

/// The app's API in the testing and plugin sections.
enum API: TargetType {
    case user
    case repos

    var baseURL: URL { api }
    var path: String {
        switch self {
        case .user: "users/1"
        case .repos: "users/octocat/repos"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
}

/// The saved credential and the service that renews it, for `AuthenticationPlugin`.
let saved: AuthenticationCredential? = AuthenticationCredential(accessToken: "stale", refreshToken: "renew")

struct AuthService: Sendable {
    func refresh(using refreshToken: String?) async throws -> AuthenticationCredential {
        AuthenticationCredential(accessToken: "fresh", refreshToken: refreshToken)
    }
}

let authService = AuthService()

let auth = AuthenticationPlugin(credential: saved) { stale in
    try await authService.refresh(using: stale?.refreshToken)
}

// MARK: What the QuiverFixtures plugin would generate

/// A stand-in for the `Fixtures` enum the QuiverFixtures plugin generates from a `Fixtures`
/// folder (Examples/FixturesExample builds the real thing).
enum Fixtures {
    static let user = userJSON
    static let getUsersOctocatRepos = Fixture(request: .init(method: "GET", path: "/users/octocat/repos"),
                                              statusCode: 200, body: Data("[]".utf8))
    static let getPetsUpdates = Fixture(request: .init(method: "GET", path: "/v1/pets/updates"), statusCode: 200,
                                        body: Data("data: 1\n\ndata: 2\n\n".utf8),
                                        chunks: [Fixture.Chunk(byteCount: 9, at: 0), Fixture.Chunk(byteCount: 9, at: 0.8)])
    static let all: [String: Fixture] = ["GET-users-octocat-repos.json": getUsersOctocatRepos,
                                         "GET-pets-updates.json": getPetsUpdates]
}
