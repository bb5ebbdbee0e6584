import Foundation
import Quiver

/// The model the probe decodes: `{"id": 42, "name": "Ada"}`.
struct User: Decodable {
    let id: Int
    let name: String
}

/// `GET user.json` on the base URL given as the first argument, authorized with a bearer token.
struct UserTarget: TargetType, AccessTokenAuthorizable {
    let baseURL: URL
    var path: String { "user.json" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var authorizationType: AuthorizationType? { .bearer }
}

guard CommandLine.arguments.count == 2, let baseURL = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: RequestPath BASE-URL\n".utf8))
    exit(2)
}

let provider = Provider<UserTarget>(plugins: [
    AccessTokenPlugin { _ in "eyJhbGciOiJIUzI1NiJ9.probe-token" },
    HeadersPlugin(["User-Agent": "RequestPath/1.0", "X-App-Version": "1.2.3"]),
    NetworkLoggerPlugin(configuration: .init(output: { _, _ in })),
])

// Three requests: the figure counts the files whose code ran on every one of them, so that
// what runs once when a provider or session is made does not count as the request's path.
for _ in 0..<3 {
    let user = try await provider.decode(User.self, from: UserTarget(baseURL: baseURL))
    precondition(user.id == 42, "the probe server answered \(user)")
}
print("ok")
