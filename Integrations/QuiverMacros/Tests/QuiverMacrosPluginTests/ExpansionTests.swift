import QuiverMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// The code `@Endpoints` writes, pinned as text: what a careful user would write by hand.
final class ExpansionTests: XCTestCase {
    /// The macros as the compiler sees them: `@Endpoints` adds the `TargetType` conformance.
    let macros: [String: MacroSpec] = [
        "Endpoints": MacroSpec(type: EndpointsMacro.self, conformances: ["TargetType"]),
        "GET": MacroSpec(type: RouteMacro.self), "POST": MacroSpec(type: RouteMacro.self), "DELETE": MacroSpec(type: RouteMacro.self),
        "PUT": MacroSpec(type: RouteMacro.self), "Endpoint": MacroSpec(type: EndpointMacro.self, conformances: ["TargetType", "DecodableMapping"]),
    ]

    func testAnEnumOfEndpointsGetsItsTargetTypeConformance() {
        assertMacroExpansion(
            """
            @Endpoints(baseURL: "https://api.github.com")
            public enum GitHub {
                @GET("users/{login}")
                case user(login: String)

                @GET("users/{login}/repos")
                case repos(login: String, page: Int, per_page: Int?)

                @POST("gists", body: "gist", headers: ["Accept": "application/vnd.github+json"])
                case createGist(gist: NewGist, draft: Bool)

                @DELETE("gists/{id}")
                case deleteGist(id: String)

                @GET("zen")
                case zen
            }
            """,
            expandedSource: """
            public enum GitHub {
                case user(login: String)
                case repos(login: String, page: Int, per_page: Int?)
                case createGist(gist: NewGist, draft: Bool)
                case deleteGist(id: String)
                case zen
            }

            extension GitHub: TargetType {
                public var baseURL: URL {
                    URL(string: "https://api.github.com") ?? URL(fileURLWithPath: "/")
                }

                public var path: String {
                    switch self {
                    case .user(let login):
                        "users/\\(segment: login)"
                    case .repos(let login, _, _):
                        "users/\\(segment: login)/repos"
                    case .createGist:
                        "gists"
                    case .deleteGist(let id):
                        "gists/\\(segment: id)"
                    case .zen:
                        "zen"
                    }
                }

                public var method: HTTPMethod {
                    switch self {
                    case .user:
                        .get
                    case .repos:
                        .get
                    case .createGist:
                        .post
                    case .deleteGist:
                        .delete
                    case .zen:
                        .get
                    }
                }

                public var task: HTTPTask {
                    switch self {
                    case .user:
                        .plain
                    case .repos(_, let page, let per_page):
                        .query(NamedValues(["page": page, "per_page": per_page]))
                    case .createGist(let gist, let draft):
                        HTTPTask.json(gist).adding(query: NamedValues(["draft": draft]))
                    case .deleteGist:
                        .plain
                    case .zen:
                        .plain
                    }
                }

                public var headers: [String: String]? {
                    switch self {
                    case .user:
                        nil
                    case .repos:
                        nil
                    case .createGist:
                        ["Accept": "application/vnd.github+json"]
                    case .deleteGist:
                        nil
                    case .zen:
                        nil
                    }
                }
            }
            """,
            macroSpecs: macros,
            indentationWidth: .spaces(4)
        )
    }

    func testAStructIsOneEndpointItsStoredPropertiesTheValues() {
        assertMacroExpansion(
            """
            @Endpoint(.post, "repos/{owner}/{repo}/issues", baseURL: "https://api.github.com", body: "issue",
                      headers: ["Accept": "application/vnd.github+json"], returns: Issue.self)
            public struct CreateIssue {
                public let owner: String
                public let repo: String
                public var issue: NewIssue
                public var dryRun: Bool? = nil
                public var summary: String { "\\(owner)/\\(repo)" }
                static let kind = "issue"
            }
            """,
            expandedSource: """
            public struct CreateIssue {
                public let owner: String
                public let repo: String
                public var issue: NewIssue
                public var dryRun: Bool? = nil
                public var summary: String { "\\(owner)/\\(repo)" }
                static let kind = "issue"
            }

            extension CreateIssue: TargetType, DecodableMapping {
                public typealias Success = Issue

                public var baseURL: URL {
                    URL(string: "https://api.github.com") ?? URL(fileURLWithPath: "/")
                }

                public var path: String {
                    "repos/\\(segment: owner)/\\(segment: repo)/issues"
                }

                public var method: HTTPMethod {
                    .post
                }

                public var task: HTTPTask {
                    HTTPTask.json(issue).adding(query: NamedValues(["dryRun": dryRun]))
                }

                public var headers: [String: String]? {
                    ["Accept": "application/vnd.github+json"]
                }
            }
            """,
            macroSpecs: macros,
            indentationWidth: .spaces(4)
        )
    }

    func testWithoutBaseURLOrModelTheStructSuppliesItsOwnBaseURL() {
        assertMacroExpansion(
            """
            @Endpoint(.get, "zen")
            struct Zen: GitHubEndpoint {}
            """,
            expandedSource: """
            struct Zen: GitHubEndpoint {}

            extension Zen: TargetType {
                var path: String {
                    "zen"
                }

                var method: HTTPMethod {
                    .get
                }

                var task: HTTPTask {
                    .plain
                }
            }
            """,
            macroSpecs: macros,
            indentationWidth: .spaces(4)
        )
    }

    func testFormPartsHeaderValuesValidationAndSamples() {
        assertMacroExpansion(
            """
            @Endpoints(baseURL: "https://api.example.com/v1")
            enum Profile {
                @POST("signup", form: ["name", "email"], headerValues: ["X-Invite": "invite"], sample: "{}")
                case signUp(name: String, email: String, invite: String?, referrer: String)

                @PUT("me/avatar", parts: ["avatar", "caption"], validation: .customCodes([200, 204]))
                case avatar(avatar: Data, caption: String)

                @GET("me", headers: ["Accept": "application/json"], headerValues: ["X-Request-ID": "requestID"], sampleFile: "me.json")
                case me(requestID: String)
            }
            """,
            expandedSource: """
            enum Profile {
                case signUp(name: String, email: String, invite: String?, referrer: String)
                case avatar(avatar: Data, caption: String)
                case me(requestID: String)
            }

            extension Profile: TargetType {
                var baseURL: URL {
                    URL(string: "https://api.example.com/v1") ?? URL(fileURLWithPath: "/")
                }

                var path: String {
                    switch self {
                    case .signUp:
                        "signup"
                    case .avatar:
                        "me/avatar"
                    case .me:
                        "me"
                    }
                }

                var method: HTTPMethod {
                    switch self {
                    case .signUp:
                        .post
                    case .avatar:
                        .put
                    case .me:
                        .get
                    }
                }

                var task: HTTPTask {
                    switch self {
                    case .signUp(let name, let email, _, let referrer):
                        HTTPTask.form(NamedValues(["name": name, "email": email])).adding(query: NamedValues(["referrer": referrer]))
                    case .avatar(let avatar, let caption):
                        HTTPTask.multipart(encoding: NamedValues(["avatar": avatar, "caption": caption]))
                    case .me:
                        .plain
                    }
                }

                var headers: [String: String]? {
                    switch self {
                    case .signUp(_, _, let invite, _):
                        NamedValues(["X-Invite": invite]).headerFields
                    case .avatar:
                        nil
                    case .me(let requestID):
                        ["Accept": "application/json"].merging(NamedValues(["X-Request-ID": requestID]).headerFields) { _, value in
                            value
                        }
                    }
                }

                var validationType: ValidationType {
                    switch self {
                    case .signUp:
                        .successCodes
                    case .avatar:
                        .customCodes([200, 204])
                    case .me:
                        .successCodes
                    }
                }

                var sampleData: Data {
                    switch self {
                    case .signUp:
                        Data("{}".utf8)
                    case .avatar:
                        Data()
                    case .me:
                        Fixtures.sampleData["me.json"] ?? Data()
                    }
                }
            }
            """,
            macroSpecs: macros,
            indentationWidth: .spaces(4)
        )
    }

    func testHeadersEveryEndpointSendsUnderItsOwn() {
        assertMacroExpansion(
            """
            @Endpoints(baseURL: "https://api.example.com", headers: ["Accept": "application/json", "X-Client": "app"])
            enum API {
                @GET("a")
                case a

                @GET("b", headers: ["accept": "text/plain"])
                case b
            }
            """,
            expandedSource: """
            enum API {
                case a
                case b
            }

            extension API: TargetType {
                var baseURL: URL {
                    URL(string: "https://api.example.com") ?? URL(fileURLWithPath: "/")
                }

                var path: String {
                    switch self {
                    case .a:
                        "a"
                    case .b:
                        "b"
                    }
                }

                var method: HTTPMethod {
                    switch self {
                    case .a:
                        .get
                    case .b:
                        .get
                    }
                }

                var task: HTTPTask {
                    switch self {
                    case .a:
                        .plain
                    case .b:
                        .plain
                    }
                }

                var headers: [String: String]? {
                    switch self {
                    case .a:
                        ["Accept": "application/json", "X-Client": "app"]
                    case .b:
                        ["X-Client": "app", "accept": "text/plain"]
                    }
                }
            }
            """,
            macroSpecs: macros,
            indentationWidth: .spaces(4)
        )
    }

    func testAPathsEscapesAreDecodedThenWrittenAgain() {
        assertMacroExpansion(
            #"""
            @Endpoints(baseURL: "https://api.example.com")
            enum API {
                @GET("caf\u{E9}/\"quoted\"/{id}")
                case item(id: Int)
            }
            """#,
            expandedSource: #"""
            enum API {
                case item(id: Int)
            }

            extension API: TargetType {
                var baseURL: URL {
                    URL(string: "https://api.example.com") ?? URL(fileURLWithPath: "/")
                }

                var path: String {
                    switch self {
                    case .item(let id):
                        "café/\"quoted\"/\(segment: id)"
                    }
                }

                var method: HTTPMethod {
                    switch self {
                    case .item:
                        .get
                    }
                }

                var task: HTTPTask {
                    switch self {
                    case .item:
                        .plain
                    }
                }
            }
            """#,
            macroSpecs: macros,
            indentationWidth: .spaces(4)
        )
    }

    func testLabelsThatAreKeywordsAreWrittenInBackticks() {
        assertMacroExpansion(
            #"""
            @Endpoints(baseURL: "https://api.example.com")
            enum API {
                @POST("rooms/{in}", body: "default", headerValues: ["X-As": "as"])
                case join(in: String, default: Settings, as: String, for: Int)
            }
            """#,
            expandedSource: #"""
            enum API {
                case join(in: String, default: Settings, as: String, for: Int)
            }

            extension API: TargetType {
                var baseURL: URL {
                    URL(string: "https://api.example.com") ?? URL(fileURLWithPath: "/")
                }

                var path: String {
                    switch self {
                    case .join(let `in`, _, _, _):
                        "rooms/\(segment: `in`)"
                    }
                }

                var method: HTTPMethod {
                    switch self {
                    case .join:
                        .post
                    }
                }

                var task: HTTPTask {
                    switch self {
                    case .join(_, let `default`, _, let `for`):
                        HTTPTask.json(`default`).adding(query: NamedValues(["for": `for`]))
                    }
                }

                var headers: [String: String]? {
                    switch self {
                    case .join(_, _, let `as`, _):
                        NamedValues(["X-As": `as`]).headerFields
                    }
                }
            }
            """#,
            macroSpecs: macros,
            indentationWidth: .spaces(4)
        )
    }
}
