import Foundation
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Endpoints(baseURL:headers:)`: the enum's `TargetType` conformance, written from its cases' routes.
public struct EndpointsMacro: ExtensionMacro {
    public static func expansion(of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
                                 providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
                                 in context: some MacroExpansionContext) throws -> [ExtensionDeclSyntax] {
        guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
            context.diagnose(.init(node: node, message: EndpointDiagnostic.notAnEnum))
            return []
        }
        let baseURL = self.baseURL(of: node, in: context)
        var routes: [Route] = []
        var isValid = baseURL != nil
        for member in enumDecl.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            switch Route.parse(caseDecl) {
            case .success(let parsed):
                routes += parsed
            case .failure(let list):
                isValid = false
                for problem in list.problems where problem.isReportedByEndpoints {
                    context.diagnose(problem.diagnostic)
                }
            }
        }
        // The annotations report their own mistakes; half a conformance would only add more.
        guard isValid, let baseURL else { return [] }
        // Header fields every endpoint sends, under its own (a case's field of the same name wins).
        if let shared = node.arguments?.as(LabeledExprListSyntax.self)?.first(where: { $0.label?.text == "headers" }) {
            var problems: [Diagnostic] = []
            let annotation = Annotation.parse([shared], method: "", usingPOST: (Syntax(node), Syntax(node), ""), problems: &problems)
            problems.forEach(context.diagnose)
            guard problems.isEmpty else { return [] }
            routes = routes.map { $0.sending(annotation.headers) }
        }
        let access = accessModifier(of: enumDecl.modifiers)
        let conformance = protocols.isEmpty ? "" : ": TargetType"
        var members = [
            property("baseURL", type: "URL", access: access, value: "URL(string: \(baseURL)) ?? URL(fileURLWithPath: \"/\")"),
            property("path", type: "String", access: access, routes: routes) { route in
                (pattern(route, binding: Set(route.path.placeholders)), "\"\(route.path.interpolation)\"")
            },
            property("method", type: "HTTPMethod", access: access, routes: routes) { route in
                (".\(route.caseName)", "." + route.method.lowercased())
            },
            property("task", type: "HTTPTask", access: access, routes: routes) { route in
                (pattern(route, binding: Set(route.taskLabels)), task(route))
            },
        ]
        if routes.contains(where: { !$0.headers.isEmpty || !$0.headerValues.isEmpty }) {
            members.append(property("headers", type: "[String: String]?", access: access, routes: routes) { route in
                (pattern(route, binding: Set(route.headerValues.map(\.label))), headers(route))
            })
        }
        if routes.contains(where: { $0.validation != nil }) {
            members.append(property("validationType", type: "ValidationType", access: access, routes: routes) { route in
                (".\(route.caseName)", route.validation ?? ".successCodes")
            })
        }
        if routes.contains(where: { $0.sample != nil }) {
            members.append(property("sampleData", type: "Data", access: access, routes: routes) { route in
                (".\(route.caseName)", route.sample ?? "Data()")
            })
        }
        let source: DeclSyntax = """
            extension \(type.trimmed)\(raw: conformance) {
            \(raw: members.joined(separator: "\n\n").indented)
            }
            """
        return [source.cast(ExtensionDeclSyntax.self)]
    }

    /// The `baseURL:` literal's source text, checked: an absolute http or https URL; `nil` (and
    /// a problem reported, unless there is no such argument) otherwise.
    static func baseURL(of node: AttributeSyntax, in context: some MacroExpansionContext) -> String? {
        guard let argument = node.arguments?.as(LabeledExprListSyntax.self)?.first(where: { $0.label?.text == "baseURL" }) else {
            return nil
        }
        guard let literal = argument.expression.as(StringLiteralExprSyntax.self), let text = literal.plainText else {
            context.diagnose(.init(node: argument.expression, message: EndpointDiagnostic.baseURLNotALiteral))
            return nil
        }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              !(url.host ?? "").isEmpty, url.query == nil, url.fragment == nil else {
            context.diagnose(.init(node: argument.expression, message: EndpointDiagnostic.invalidBaseURL(text)))
            return nil
        }
        return literal.trimmedDescription
    }

    /// A computed property switching over every route.
    static func property(_ name: String, type: String, access: String, routes: [Route],
                                 _ arm: (Route) -> (pattern: String, value: String)) -> String {
        let arms = routes.map { route in
            let (pattern, value) = arm(route)
            return "case \(pattern):\n    \(value)"
        }
        return property(name, type: type, access: access, value: "switch self {\n" + arms.joined(separator: "\n") + "\n}")
    }

    /// A computed property whose body is `value`.
    static func property(_ name: String, type: String, access: String, value: String) -> String {
        "\(access)var \(name): \(type) {\n" + value.indented + "\n}"
    }

    /// `.name(let a, _, let c)`: the case with the labels in `binding` bound, the others ignored;
    /// `.name` when none is bound.
    private static func pattern(_ route: Route, binding: Set<String>) -> String {
        guard route.labels.contains(where: binding.contains) else { return ".\(route.caseName)" }
        return ".\(route.caseName)(" + route.labels.map { binding.contains($0) ? "let \(swiftIdentifier($0))" : "_" }
            .joined(separator: ", ") + ")"
    }

    /// `NamedValues(["a": a, …])`.
    static func namedValues(_ labels: [String]) -> String {
        "NamedValues([" + labels.map { "\"\($0)\": \(swiftIdentifier($0))" }.joined(separator: ", ") + "])"
    }

    /// The route's task: its body, and its query values.
    static func task(_ route: Route) -> String {
        let query = route.queryLabels
        let body: String? = switch route.body {
        case .json(let name)?: "HTTPTask.json(\(swiftIdentifier(name)))"
        case .form(let names)?: "HTTPTask.form(\(namedValues(names)))"
        case .parts(let names)?: "HTTPTask.multipart(encoding: \(namedValues(names)))"
        case nil: nil
        }
        switch (body, query.isEmpty) {
        case (nil, true): return ".plain"
        case (nil, false): return ".query(\(namedValues(query)))"
        case (let body?, true): return body
        case (let body?, false): return "\(body).adding(query: \(namedValues(query)))"
        }
    }

    /// The route's header fields: the fixed ones, then those of its values (a `nil` left out).
    static func headers(_ route: Route) -> String {
        let fixed = route.headers.isEmpty ? nil : "[" + route.headers.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
        guard !route.headerValues.isEmpty else { return fixed ?? "nil" }
        let values = "NamedValues([" + route.headerValues.map { "\($0.name): \(swiftIdentifier($0.label))" }.joined(separator: ", ")
            + "]).headerFields"
        guard let fixed else { return values }
        return "\(fixed).merging(\(values)) { _, value in value }"
    }
}

extension String {
    /// Each line indented by four spaces.
    var indented: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }
}
