import SwiftDiagnostics
import SwiftParser
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
    /// Where the body comes from, if the endpoint sends one.
    let body: Annotation.Body?
    /// Each fixed header field as the source text of its two string literals.
    let headers: [(name: String, value: String)]
    /// Header fields whose values are values: the field's literal, the label.
    let headerValues: [(name: String, label: String)]
    /// The `validation:` expression, if any.
    let validation: String?
    /// The sample data expression, if any.
    let sample: String?

    /// The labels that go to the query: those in no other place, in order.
    var queryLabels: [String] {
        let placed = Set(path.placeholders + (body?.labels ?? []) + headerValues.map(\.label))
        return labels.filter { !placed.contains($0) }
    }

    /// The labels the task reads: the body's and the query's.
    var taskLabels: [String] {
        (body?.labels ?? []) + queryLabels
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
            fixed.attributes = [.attribute(annotation)] + fixed.attributes
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
        let post = annotation.with(\.attributeName, TypeSyntax(IdentifierTypeSyntax(name: .identifier("POST"))))
        let parsed = Annotation.parse(annotation.arguments?.as(LabeledExprListSyntax.self) ?? [], method: method,
                                      usingPOST: (Syntax(annotation), Syntax(post), "Use @POST"), problems: &problems)
        var routes: [Route] = []
        for element in declaration.elements {
            var labels: [String] = []
            for parameter in element.parameterClause?.parameters ?? [] {
                guard let label = parameter.firstName, label.tokenKind != .wildcard else {
                    problems.append(Diagnostic(node: parameter, message: EndpointDiagnostic.unlabeledValue(caseName: element.name.text)))
                    continue
                }
                labels.append(label.text)
            }
            if let route = Route(owner: .enumCase(element.name.text), method: method, annotation: parsed, labels: labels, problems: &problems) {
                routes.append(route)
            }
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
}

extension Route {
    /// This route with `shared` header fields under its own: a field it names itself (by its
    /// literal, case-insensitively) keeps its value.
    func sending(_ shared: [(name: String, value: String)]) -> Route {
        let own = Set(headers.map { $0.name.lowercased() })
        let fields = shared.filter { !own.contains($0.name.lowercased()) } + headers
        return Route(caseName: caseName, method: method, path: path, labels: labels, body: body, headers: fields,
                     headerValues: headerValues, validation: validation, sample: sample)
    }

    /// The route of `owner` (a case or a struct) whose values are `labels`, checked against its
    /// annotation; `nil` when the annotation's path did not parse.
    init?(owner: Owner, method: String, annotation: Annotation, labels: [String], problems: inout [Diagnostic]) {
        guard let path = annotation.path else { return nil }
        var used = Set<String>()
        for placeholder in path.placeholders {
            if !labels.contains(placeholder) {
                problems.append(Diagnostic(node: annotation.pathNode, message: EndpointDiagnostic.unknownPlaceholder(placeholder, owner: owner)))
            } else if !used.insert(placeholder).inserted {
                problems.append(Diagnostic(node: annotation.pathNode, message: EndpointDiagnostic.usedTwice(placeholder)))
            }
        }
        for label in annotation.body?.labels ?? [] {
            let node = annotation.bodyNode ?? annotation.pathNode
            if !labels.contains(label) {
                problems.append(Diagnostic(node: node, message: EndpointDiagnostic.unknownBody(label, owner: owner)))
            } else if !used.insert(label).inserted {
                problems.append(Diagnostic(node: node, message: EndpointDiagnostic.usedTwice(label)))
            }
        }
        for field in annotation.headerValues {
            if !labels.contains(field.label) {
                problems.append(Diagnostic(node: field.node, message: EndpointDiagnostic.unknownHeaderValue(field.label, owner: owner)))
            } else if !used.insert(field.label).inserted {
                problems.append(Diagnostic(node: field.node, message: EndpointDiagnostic.usedTwice(field.label)))
            }
        }
        let name = switch owner {
        case .enumCase(let name), .structure(let name): name
        }
        self.init(caseName: name, method: method, path: path, labels: labels, body: annotation.body, headers: annotation.headers,
                  headerValues: annotation.headerValues.map { ($0.name, $0.label) }, validation: annotation.validation,
                  sample: annotation.sample)
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
    /// The string the literal stands for, its escapes decoded (`"a\u{3F}"` is `a?`), when it
    /// has no interpolation; else `nil`.
    var plainText: String? {
        representedLiteralValue
    }
}
