import QuiverMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// The code `@Endpoints` writes, pinned as text: what a careful user would write by hand. This
/// file holds an enum and a struct whole, and keyword labels; ExpansionTests+Details.swift, the
/// parts of each.
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
