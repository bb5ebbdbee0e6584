import QuiverMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

// What the expansion writes for a struct without a base URL, form parts, header values,
// validation and samples, shared headers, and escapes in paths.
extension ExpansionTests {
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
}
