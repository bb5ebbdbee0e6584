import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// One endpoint: an enum case element and what its method annotation says.
struct Route {
    /// The method annotations, by attribute name.
    static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]

    let caseName: String
    /// `GET`, `POST`…
    let method: String
    let path: PathTemplate
    /// The associated values' labels, in order.
    let labels: [String]
    /// The label of the value sent as the JSON body.
    let body: String?
    /// Each header field as the source text of its two string literals.
    let headers: [(name: String, value: String)]

    /// The labels that go to the query: those neither in the path nor the body, in order.
    var queryLabels: [String] {
        labels.filter { !path.placeholders.contains($0) && $0 != body }
    }

    /// A problem with a case, and the macro that reports it: `@Endpoints` reports what no
    /// annotation is there to report (a case without one).
    struct Problem {
        let diagnostic: Diagnostic
        let isReportedByEndpoints: Bool
    }

    /// The routes of a `case` declaration (one per element), or what is wrong with it.
    static func parse(_ declaration: EnumCaseDeclSyntax) -> Result<[Route], ProblemList> {
        let annotations = routeAttributes(of: declaration)
        guard let annotation = annotations.first else {
            let name = declaration.elements.first?.name.text ?? "?"
            let annotation = AttributeSyntax(stringLiteral: "@GET(\"\(name)\")")
                .with(\.leadingTrivia, declaration.leadingTrivia).with(\.trailingTrivia, .space)
            var fixed = declaration.with(\.leadingTrivia, [])
            fixed.attributes = [.attribute(annotation)]
            let diagnostic = Diagnostic(node: declaration.caseKeyword, message: EndpointDiagnostic.missingMethod(caseName: name),
                                        fixIt: FixIt(message: EndpointFixIt(message: "Annotate it with @GET(\"\(name)\")"),
                                                     changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(fixed))]))
            return .failure(ProblemList([Problem(diagnostic: diagnostic, isReportedByEndpoints: true)]))
        }
        var problems: [Diagnostic] = []
        for extra in annotations.dropFirst() {
            let kept = declaration.attributes.filter { $0.as(AttributeSyntax.self).map { $0.id != extra.id } ?? true }
            problems.append(Diagnostic(node: extra, message: EndpointDiagnostic.twoMethods(caseName: declaration.elements.first?.name.text ?? "?"),
                                       fixIt: FixIt(message: EndpointFixIt(message: "Remove this annotation"),
                                                    changes: [.replace(oldNode: Syntax(declaration.attributes),
                                                                       newNode: Syntax(kept))])))
        }
        let method = annotation.attributeName.trimmedDescription
        let arguments = annotation.arguments?.as(LabeledExprListSyntax.self) ?? []
        var pathTemplate: PathTemplate?
        var pathNode: Syntax = Syntax(annotation)
        var body: (name: String, node: Syntax)?
        var headers: [(name: String, value: String)] = []
        for argument in arguments {
            switch argument.label?.text {
            case nil:
                pathNode = Syntax(argument.expression)
                guard let text = argument.expression.as(StringLiteralExprSyntax.self)?.plainText else {
                    problems.append(Diagnostic(node: argument.expression, message: EndpointDiagnostic.pathNotALiteral))
                    continue
                }
                do {
                    pathTemplate = try PathTemplate(text)
                } catch {
                    problems.append(pathDiagnostic(error, literal: argument.expression, text: text))
                }
            case "body":
                if argument.expression.is(NilLiteralExprSyntax.self) { continue }
                guard let name = argument.expression.as(StringLiteralExprSyntax.self)?.plainText else {
                    problems.append(Diagnostic(node: argument.expression, message: EndpointDiagnostic.pathNotALiteral))
                    continue
                }
                body = (name, Syntax(argument.expression))
                if method == "GET" || method == "HEAD" {
                    let post = annotation.with(\.attributeName, TypeSyntax(IdentifierTypeSyntax(name: .identifier("POST"))))
                    problems.append(Diagnostic(node: argument, message: EndpointDiagnostic.bodyOnMethod(method),
                                               fixIt: FixIt(message: EndpointFixIt(message: "Use @POST"),
                                                            changes: [.replace(oldNode: Syntax(annotation), newNode: Syntax(post))])))
                }
            case "headers":
                guard let parsed = headerLiterals(argument.expression) else {
                    problems.append(Diagnostic(node: argument.expression, message: EndpointDiagnostic.headersNotALiteral))
                    continue
                }
                headers = parsed
            default:
                continue
            }
        }
        var routes: [Route] = []
        for element in declaration.elements {
            let parameters = element.parameterClause?.parameters ?? []
            var labels: [String] = []
            for parameter in parameters {
                guard let label = parameter.firstName, label.tokenKind != .wildcard else {
                    problems.append(Diagnostic(node: parameter, message: EndpointDiagnostic.unlabeledValue(caseName: element.name.text)))
                    continue
                }
                labels.append(label.text)
            }
            guard let path = pathTemplate else { continue }
            var used = Set<String>()
            for name in path.placeholders {
                if !labels.contains(name) {
                    problems.append(Diagnostic(node: pathNode, message: EndpointDiagnostic.unknownPlaceholder(name, caseName: element.name.text)))
                } else if !used.insert(name).inserted {
                    problems.append(Diagnostic(node: pathNode, message: EndpointDiagnostic.usedTwice(name)))
                }
            }
            if let body {
                if !labels.contains(body.name) {
                    problems.append(Diagnostic(node: body.node, message: EndpointDiagnostic.unknownBody(body.name, caseName: element.name.text)))
                } else if used.contains(body.name) {
                    problems.append(Diagnostic(node: body.node, message: EndpointDiagnostic.usedTwice(body.name)))
                }
            }
            routes.append(Route(caseName: element.name.text, method: method, path: path, labels: labels, body: body?.name, headers: headers))
        }
        guard problems.isEmpty else {
            return .failure(ProblemList(problems.map { Problem(diagnostic: $0, isReportedByEndpoints: false) }))
        }
        return .success(routes)
    }

    /// The method annotations of a case, in order.
    static func routeAttributes(of declaration: EnumCaseDeclSyntax) -> [AttributeSyntax] {
        declaration.attributes.compactMap { $0.as(AttributeSyntax.self) }
            .filter { methods.contains($0.attributeName.trimmedDescription) }
    }

    /// `[“name”: “value”, …]` as pairs of literal source texts, or `nil` when it is anything else.
    private static func headerLiterals(_ expression: ExprSyntax) -> [(name: String, value: String)]? {
        guard let dictionary = expression.as(DictionaryExprSyntax.self) else { return nil }
        guard case .elements(let elements) = dictionary.content else { return [] }
        var pairs: [(name: String, value: String)] = []
        for element in elements {
            guard let name = element.key.as(StringLiteralExprSyntax.self), name.plainText != nil,
                  let value = element.value.as(StringLiteralExprSyntax.self), value.plainText != nil else { return nil }
            pairs.append((name.trimmedDescription, value.trimmedDescription))
        }
        return pairs
    }

    private static func pathDiagnostic(_ error: EndpointDiagnostic, literal: ExprSyntax, text: String) -> Diagnostic {
        guard case .queryInPath(let character) = error, let cut = text.firstIndex(of: character) else {
            return Diagnostic(node: literal, message: error)
        }
        let kept = StringLiteralExprSyntax(content: String(text[..<cut]))
        return Diagnostic(node: literal, message: error,
                          fixIt: FixIt(message: EndpointFixIt(message: "Remove '\(text[cut...])' from the path"),
                                       changes: [.replace(oldNode: Syntax(literal), newNode: Syntax(kept))]))
    }
}

/// The problems of a case, as an `Error` for `Result`.
struct ProblemList: Error {
    let problems: [Route.Problem]

    init(_ problems: [Route.Problem]) {
        self.problems = problems
    }
}

extension StringLiteralExprSyntax {
    /// The literal's text when it is one plain segment (no interpolation), else `nil`.
    var plainText: String? {
        guard segments.count == 1, let segment = segments.first?.as(StringSegmentSyntax.self) else {
            return segments.isEmpty ? "" : nil
        }
        return segment.content.text
    }
}
