import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver
import QuiverMacros
import Testing

// The README's GitHub API, written by hand there and with the macros here, as the Integrations
// article shows them side by side: both must send the same requests.

struct User: Codable, Sendable {
    let id: Int
    let login: String
}

struct Gist: Codable, Sendable {
    var description: String
    var files: [String: String]
}

/// The README's enum, by hand.
enum HandWrittenGitHub: TargetType {
    case user(login: String)
    case repos(login: String, page: Int)
    case createGist(Gist)

    var baseURL: URL { URL(string: "https://api.github.com") ?? URL(fileURLWithPath: "/") }

    var path: String {
        switch self {
        case .user(let login): "users/\(segment: login)"
        case .repos(let login, _): "users/\(segment: login)/repos"
        case .createGist: "gists"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .createGist: .post
        default: .get
        }
    }

    var task: HTTPTask {
        switch self {
        case .user: .plain
        case .repos(_, let page): .query(["page": .int(page), "sort": "updated"])
        case .createGist(let gist): .json(gist)
        }
    }

    var headers: [String: String]? { ["Accept": "application/vnd.github+json"] }

    var sampleData: Data { Data(#"{"login":"octocat","id":1}"#.utf8) }
}

/// The same enum with the macros.
@Endpoints(baseURL: "https://api.github.com", headers: ["Accept": "application/vnd.github+json"])
enum GitHub {
    @GET("users/{login}")
    case user(login: String)

    @GET("users/{login}/repos")
    case repos(login: String, page: Int, sort: String = "updated")

    @POST("gists", body: "gist")
    case createGist(gist: Gist)

    var sampleData: Data { Data(#"{"login":"octocat","id":1}"#.utf8) }
}

/// One struct per endpoint, with its model.
@Endpoint(.get, "users/{login}", baseURL: "https://api.github.com", headers: ["Accept": "application/vnd.github+json"],
          returns: User.self)
struct GetUser {
    let login: String
}

/// One struct per endpoint, with a JSON body and a model.
@Endpoint(.post, "gists", baseURL: "https://api.github.com", body: "gist", headers: ["Accept": "application/vnd.github+json"],
          returns: Gist.self)
struct CreateGist {
    let gist: Gist
}

@Suite struct DocumentationExampleTests {
    /// What a target sends, as a provider would build it.
    private func sent(_ target: some TargetType) throws -> (method: String?, url: String?, headers: [String: String], body: Data?) {
        let request = try Provider<MultiTarget>.defaultEndpointMapping(for: MultiTarget(target)).urlRequest()
        return (request.httpMethod, request.url?.absoluteString, request.allHTTPHeaderFields ?? [:], request.httpBody)
    }

    @Test func theMacrosSendWhatTheHandWrittenEnumSends() throws {
        let gist = Gist(description: "notes", files: ["a.txt": "milk"])
        let pairs: [(any TargetType, any TargetType)] = [
            (HandWrittenGitHub.user(login: "octo cat/.."), GitHub.user(login: "octo cat/..")),
            (HandWrittenGitHub.repos(login: "octocat", page: 2), GitHub.repos(login: "octocat", page: 2)),
            (HandWrittenGitHub.createGist(gist), GitHub.createGist(gist: gist)),
            (HandWrittenGitHub.user(login: "octocat"), GetUser(login: "octocat")),
            (HandWrittenGitHub.createGist(gist), CreateGist(gist: gist)),
        ]
        for (byHand, generated) in pairs {
            let expected = try sent(byHand)
            let actual = try sent(generated)
            #expect(actual.method == expected.method)
            #expect(actual.url == expected.url)
            #expect(actual.headers == expected.headers)
            #expect(actual.body == expected.body)
        }
        #expect(GitHub.user(login: "x").sampleData == HandWrittenGitHub.user(login: "x").sampleData)
    }
}
