import QuiverMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// Every mistake is a compile error where it is, saying what to do; a fix-it where one is obvious.
final class DiagnosticTests: XCTestCase {
    let macros: [String: MacroSpec] = [
        "Endpoints": MacroSpec(type: EndpointsMacro.self, conformances: ["TargetType"]),
        "GET": MacroSpec(type: RouteMacro.self), "HEAD": MacroSpec(type: RouteMacro.self), "POST": MacroSpec(type: RouteMacro.self),
        "Endpoint": MacroSpec(type: EndpointMacro.self, conformances: ["TargetType", "DecodableMapping"]),
    ]

    /// `text` as the body of an enum of its own, each line indented.
    private func inEnum(_ text: String) -> String {
        "enum E {\n" + text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n}"
    }

    /// `spec` where it stands once its source is in ``inEnum(_:)``: a line down, four columns right.
    private func inEnum(_ spec: DiagnosticSpec) -> DiagnosticSpec {
        DiagnosticSpec(message: spec.message, line: spec.line + 1, column: spec.column + 4, fixIts: spec.fixIts)
    }

    /// An annotated case in an enum of its own, expanded: the diagnostics of its annotation, at
    /// their line and column in `annotated`.
    private func check(_ annotated: String, expanded: String, _ diagnostics: [DiagnosticSpec],
                       file: StaticString = #filePath, line: UInt = #line) {
        assertMacroExpansion(inEnum(annotated), expandedSource: inEnum(expanded), diagnostics: diagnostics.map(inEnum),
                             macroSpecs: macros, indentationWidth: .spaces(4), file: file, line: line)
    }

    /// ``check(_:expanded:_:file:line:)`` with a fix-it applied.
    private func fix(_ annotated: String, expanded: String, _ diagnostic: DiagnosticSpec, applying fixIt: String, fixed: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        assertMacroExpansion(inEnum(annotated), expandedSource: inEnum(expanded), diagnostics: [inEnum(diagnostic)],
                             macroSpecs: macros, applyFixIts: [fixIt], fixedSource: inEnum(fixed), indentationWidth: .spaces(4),
                             file: file, line: line)
    }

    func testAPlaceholderWithoutAValueOfThatName() {
        check("@GET(\"users/{login}\")\ncase user(name: String)", expanded: "case user(name: String)", [
            DiagnosticSpec(message: "case 'user' has no value labeled 'login': add 'login:' to its associated values, or remove {login}",
                           line: 1, column: 6),
        ])
    }

    func testAValueUsedTwice() {
        check("@GET(\"a/{id}/b/{id}\")\ncase item(id: Int)", expanded: "case item(id: Int)", [
            DiagnosticSpec(message: "'id' is used twice: each value goes to one place (a path segment, the body, a header field, or the query)",
                           line: 1, column: 6),
        ])
        check("@POST(\"a/{id}\", body: \"id\")\ncase item(id: Int)", expanded: "case item(id: Int)", [
            DiagnosticSpec(message: "'id' is used twice: each value goes to one place (a path segment, the body, a header field, or the query)",
                           line: 1, column: 23),
        ])
    }

    func testABodyOnGETOrHEADOffersPOST() {
        check("@GET(\"notes\", body: \"note\")\ncase add(note: Note)", expanded: "case add(note: Note)", [
            DiagnosticSpec(message: "a GET request has no body: send the value in the query, or use POST, PUT, PATCH or DELETE",
                           line: 1, column: 15, fixIts: [FixItSpec(message: "Use @POST")]),
        ])
        check("@HEAD(\"notes\", body: \"note\")\ncase add(note: Note)", expanded: "case add(note: Note)", [
            DiagnosticSpec(message: "a HEAD request has no body: send the value in the query, or use POST, PUT, PATCH or DELETE",
                           line: 1, column: 16, fixIts: [FixItSpec(message: "Use @POST")]),
        ])
    }

    func testTheFixItTurnsTheAnnotationIntoPOST() {
        fix("@GET(\"notes\", body: \"note\")\ncase add(note: Note)", expanded: "case add(note: Note)",
            DiagnosticSpec(message: "a GET request has no body: send the value in the query, or use POST, PUT, PATCH or DELETE",
                           line: 1, column: 15, fixIts: [FixItSpec(message: "Use @POST")]),
            applying: "Use @POST", fixed: "@POST(\"notes\", body: \"note\")\ncase add(note: Note)")
    }

    func testAQueryOrFragmentInThePathOffersToRemoveIt() {
        fix("@GET(\"search?q=x\")\ncase search(q: String)", expanded: "case search(q: String)",
            DiagnosticSpec(message: "a path holds no '?': query values are the case's associated values that the path does not name",
                           line: 1, column: 6, fixIts: [FixItSpec(message: "Remove '?q=x' from the path")]),
            applying: "Remove '?q=x' from the path", fixed: "@GET(\"search\")\ncase search(q: String)")
        // An escape spells a '?' all the same.
        check("@GET(\"search\\u{3F}q\")\ncase search", expanded: "case search", [
            DiagnosticSpec(message: "a path holds no '?': query values are the case's associated values that the path does not name",
                           line: 1, column: 6, fixIts: [FixItSpec(message: "Remove '?q' from the path")]),
        ])
        check("@GET(\"page#top\")\ncase page", expanded: "case page", [
            DiagnosticSpec(message: "a path holds no '#': query values are the case's associated values that the path does not name",
                           line: 1, column: 6, fixIts: [FixItSpec(message: "Remove '#top' from the path")]),
        ])
    }

    func testAnUnclosedPlaceholderAnInterpolatedPathAndAnUnknownBody() {
        check("@GET(\"users/{login\")\ncase user(login: String)", expanded: "case user(login: String)", [
            DiagnosticSpec(message: "a '{' in the path has no '}': write a placeholder as {label}", line: 1, column: 6),
        ])
        check("@GET(\"users/\\(x)\")\ncase user", expanded: "case user", [
            DiagnosticSpec(message: "the path must be a string literal, such as \"users/{login}\"", line: 1, column: 6),
        ])
        check("@POST(\"notes\", body: \"text\")\ncase add(note: String)", expanded: "case add(note: String)", [
            DiagnosticSpec(message: "case 'add' has no value labeled 'text' to send as the body", line: 1, column: 22),
        ])
    }

    func testAnUnlabeledValueAndTwoMethods() {
        check("@GET(\"users\")\ncase users(Int)", expanded: "case users(Int)", [
            DiagnosticSpec(message: "every associated value of case 'users' needs a label: it names the value's place (a {label} in the path, body:, or the query)",
                           line: 2, column: 12),
        ])
        check("@GET(\"a\")\n@POST(\"a\")\ncase a", expanded: "case a", [
            DiagnosticSpec(message: "case 'a' has two methods: keep one annotation", line: 2, column: 1,
                           fixIts: [FixItSpec(message: "Remove this annotation")]),
        ])
    }

    func testACaseWithoutAMethodOffersGET() {
        assertMacroExpansion("@Endpoints(baseURL: \"https://api.example.com\")\nenum API {\n    case zen\n}",
                             expandedSource: "enum API {\n    case zen\n}",
                             diagnostics: [DiagnosticSpec(message: "case 'zen' has no method: annotate it with @GET, @POST, @PUT, @PATCH, @DELETE or @HEAD and its path",
                                                          line: 3, column: 5, fixIts: [FixItSpec(message: "Annotate it with @GET(\"zen\")")])],
                             macroSpecs: macros, applyFixIts: ["Annotate it with @GET(\"zen\")"],
                             fixedSource: "@Endpoints(baseURL: \"https://api.example.com\")\nenum API {\n    @GET(\"zen\") case zen\n}")
    }

    func testABaseURLThatDoesNotParseOrIsNotALiteral() {
        for (literal, shown) in [("\"api.example.com\"", "api.example.com"), ("\"ftp://files.example.com\"", "ftp://files.example.com"),
                                 ("\"https://api.example.com/v1?key=1\"", "https://api.example.com/v1?key=1")] {
            assertMacroExpansion("@Endpoints(baseURL: \(literal))\nenum API {\n    @GET(\"zen\")\n    case zen\n}",
                                 expandedSource: "enum API {\n    case zen\n}",
                                 diagnostics: [DiagnosticSpec(message: "'\(shown)' is not an absolute http or https URL; write the API's base URL, such as \"https://api.example.com/v1\"",
                                                              line: 1, column: 21)],
                                 macroSpecs: macros)
        }
        assertMacroExpansion("@Endpoints(baseURL: base)\nenum API {\n    @GET(\"zen\")\n    case zen\n}",
                             expandedSource: "enum API {\n    case zen\n}",
                             diagnostics: [DiagnosticSpec(message: "the base URL must be a string literal, such as \"https://api.example.com\"",
                                                          line: 1, column: 21)],
                             macroSpecs: macros)
    }

    func testEndpointsOnSomethingOtherThanAnEnum() {
        assertMacroExpansion("@Endpoints(baseURL: \"https://api.example.com\")\nstruct API {}", expandedSource: "struct API {}",
                             diagnostics: [DiagnosticSpec(message: "@Endpoints applies to an enum of endpoints, one case per endpoint",
                                                          line: 1, column: 1)],
                             macroSpecs: macros)
        assertMacroExpansion("@GET(\"x\")\nfunc x() {}", expandedSource: "func x() {}",
                             diagnostics: [DiagnosticSpec(message: "@GET annotates a case of an @Endpoints enum; for one struct per endpoint, use @Endpoint(.get, …)",
                                                          line: 1, column: 1)],
                             macroSpecs: macros)
    }

    func testAStructEndpointIsCheckedAsACaseIs() {
        assertMacroExpansion("@Endpoint(.get, \"users/{login}\", body: \"note\")\nstruct AddNote {\n    let note: Note\n}",
                             expandedSource: "struct AddNote {\n    let note: Note\n}",
                             diagnostics: [
                                DiagnosticSpec(message: "a GET request has no body: send the value in the query, or use POST, PUT, PATCH or DELETE",
                                               line: 1, column: 34, fixIts: [FixItSpec(message: "Use .post")]),
                                DiagnosticSpec(message: "'AddNote' has no stored property 'login': add one, or remove {login}",
                                               line: 1, column: 17),
                             ],
                             macroSpecs: macros, applyFixIts: ["Use .post"],
                             fixedSource: "@Endpoint(.post, \"users/{login}\", body: \"note\")\nstruct AddNote {\n    let note: Note\n}")
        assertMacroExpansion("@Endpoint(.get, \"zen\")\nenum Zen {}", expandedSource: "enum Zen {}",
                             diagnostics: [DiagnosticSpec(message: "@Endpoint applies to a struct whose stored properties are the endpoint's values; for an enum of endpoints, use @Endpoints",
                                                          line: 1, column: 1)],
                             macroSpecs: macros)
        assertMacroExpansion("@Endpoint(\"GET\", \"zen\")\nstruct Zen {}", expandedSource: "struct Zen {}",
                             diagnostics: [DiagnosticSpec(message: "the method must be written as one, such as .get or .post", line: 1, column: 11)],
                             macroSpecs: macros)
    }

    func testTwoBodiesAnUnknownHeaderValueAndASampleThatIsNotALiteral() {
        check("@POST(\"notes\", body: \"note\", form: [\"title\"])\ncase add(note: Note, title: String)",
              expanded: "case add(note: Note, title: String)", [
            DiagnosticSpec(message: "one body only: name the values of body:, form: or parts:, not of two", line: 1, column: 30),
        ])
        check("@GET(\"me\", headerValues: [\"X-Request-ID\": \"id\"])\ncase me(requestID: String)",
              expanded: "case me(requestID: String)", [
            DiagnosticSpec(message: "case 'me' has no value labeled 'id' to send as a header field", line: 1, column: 43),
        ])
        check("@GET(\"me\", sample: text)\ncase me", expanded: "case me", [
            DiagnosticSpec(message: "the sample must be a string literal: sample: \"{}\" inline, or sampleFile: \"user.json\" from the target's Fixtures folder",
                           line: 1, column: 20),
        ])
        check("@GET(\"search\", form: [\"q\"])\ncase search(q: String)", expanded: "case search(q: String)", [
            DiagnosticSpec(message: "a GET request has no body: send the value in the query, or use POST, PUT, PATCH or DELETE",
                           line: 1, column: 16, fixIts: [FixItSpec(message: "Use @POST")]),
        ])
        check("@POST(\"a/{id}\", headerValues: [\"X-Id\": \"id\"])\ncase a(id: String)", expanded: "case a(id: String)", [
            DiagnosticSpec(message: "'id' is used twice: each value goes to one place (a path segment, the body, a header field, or the query)",
                           line: 1, column: 40),
        ])
    }

    func testHeadersAndValueListsMustBeLiterals() {
        check("@GET(\"a\", headers: shared)\ncase a", expanded: "case a", [
            DiagnosticSpec(message: "headers must be a dictionary literal of string literals, such as [\"Accept\": \"application/json\"]",
                           line: 1, column: 20),
        ])
        check("@POST(\"a\", form: names)\ncase a(name: String)", expanded: "case a(name: String)", [
            DiagnosticSpec(message: "name values with string literals: body: \"note\", form: [\"name\", \"email\"], parts: [\"avatar\"]",
                           line: 1, column: 18),
        ])
    }

    func testTheFixItRemovesTheSecondMethod() {
        fix("@GET(\"a\")\n@POST(\"a\")\ncase a", expanded: "case a",
            DiagnosticSpec(message: "case 'a' has two methods: keep one annotation", line: 2, column: 1,
                           fixIts: [FixItSpec(message: "Remove this annotation")]),
            applying: "Remove this annotation", fixed: "@GET(\"a\")\ncase a")
    }
}
