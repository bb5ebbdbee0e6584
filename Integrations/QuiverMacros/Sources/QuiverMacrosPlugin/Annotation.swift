import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// What an endpoint annotation's arguments say: the path template, the value sent as the body,
/// the fixed header fields; each checked, its problems reported at the argument.
struct Annotation {
    /// Where an endpoint's body comes from.
    enum Body {
        /// One value, encoded as JSON.
        case json(String)
        /// These values, as form fields.
        case form([String])
        /// These values, as multipart parts.
        case parts([String])

        var labels: [String] {
            switch self {
            case .json(let name): [name]
            case .form(let names), .parts(let names): names
            }
        }
    }

    var path: PathTemplate?
    /// Where the path is written, for the problems of its placeholders.
    var pathNode: Syntax
    var body: Body?
    /// Where the body is named, for its problems.
    var bodyNode: Syntax?
    var headers: [(name: String, value: String)] = []
    /// Header fields whose values are the endpoint's values: the field's literal, the label.
    var headerValues: [(name: String, label: String, node: Syntax)] = []
    /// The `validation:` expression's source text.
    var validation: String?
    /// The sample data as an expression: `Data("…".utf8)` or a fixture lookup.
    var sample: String?

    /// Reads the path (the first unlabeled string literal), `body:` and `headers:`.
    ///
    /// - Parameters:
    ///   - arguments: The annotation's arguments.
    ///   - method: `GET`, `POST`…: `GET` and `HEAD` take no body.
    ///   - usingPOST: The node to replace, by what, and the fix-it's message, to turn a `GET`
    ///     with a body into a `POST`.
    ///   - problems: Where problems go.
    static func parse(_ arguments: LabeledExprListSyntax, method: String, usingPOST: (old: Syntax, new: Syntax, message: String),
                      problems: inout [Diagnostic]) -> Annotation {
        var annotation = Annotation(pathNode: Syntax(arguments))
        for argument in arguments {
            switch argument.label?.text {
            case nil:
                guard let literal = argument.expression.as(StringLiteralExprSyntax.self) else { continue }
                annotation.pathNode = Syntax(literal)
                guard let text = literal.plainText else {
                    problems.append(Diagnostic(node: literal, message: EndpointDiagnostic.pathNotALiteral))
                    continue
                }
                do {
                    annotation.path = try PathTemplate(text)
                } catch {
                    problems.append(pathDiagnostic(error, literal: literal, text: text))
                }
            case "body", "form", "parts":
                if argument.expression.is(NilLiteralExprSyntax.self) { continue }
                let body: Body
                if argument.label?.text == "body" {
                    guard let name = argument.expression.as(StringLiteralExprSyntax.self)?.plainText else {
                        problems.append(Diagnostic(node: argument.expression, message: EndpointDiagnostic.labelsNotLiterals))
                        continue
                    }
                    body = .json(name)
                } else {
                    guard let names = stringLiterals(argument.expression) else {
                        problems.append(Diagnostic(node: argument.expression, message: EndpointDiagnostic.labelsNotLiterals))
                        continue
                    }
                    body = argument.label?.text == "form" ? .form(names) : .parts(names)
                }
                if annotation.body != nil {
                    problems.append(Diagnostic(node: argument, message: EndpointDiagnostic.twoBodies))
                    continue
                }
                annotation.body = body
                annotation.bodyNode = Syntax(argument.expression)
                if method == "GET" || method == "HEAD" {
                    problems.append(Diagnostic(node: argument, message: EndpointDiagnostic.bodyOnMethod(method),
                                               fixIt: FixIt(message: EndpointFixIt(message: usingPOST.message),
                                                            changes: [.replace(oldNode: usingPOST.old, newNode: usingPOST.new)])))
                }
            case "headerValues":
                guard let dictionary = argument.expression.as(DictionaryExprSyntax.self) else {
                    problems.append(Diagnostic(node: argument.expression, message: EndpointDiagnostic.headersNotALiteral))
                    continue
                }
                guard case .elements(let elements) = dictionary.content else { continue }
                for element in elements {
                    guard let field = element.key.as(StringLiteralExprSyntax.self), field.plainText != nil,
                          let label = element.value.as(StringLiteralExprSyntax.self)?.plainText else {
                        problems.append(Diagnostic(node: element, message: EndpointDiagnostic.headersNotALiteral))
                        continue
                    }
                    annotation.headerValues.append((field.trimmedDescription, label, Syntax(element.value)))
                }
            case "validation":
                annotation.validation = argument.expression.trimmedDescription
            case "sample":
                guard let literal = argument.expression.as(StringLiteralExprSyntax.self), literal.plainText != nil else {
                    problems.append(Diagnostic(node: argument.expression, message: EndpointDiagnostic.sampleNotALiteral))
                    continue
                }
                annotation.sample = "Data(\(literal.trimmedDescription).utf8)"
            case "sampleFile":
                guard let literal = argument.expression.as(StringLiteralExprSyntax.self), literal.plainText != nil else {
                    problems.append(Diagnostic(node: argument.expression, message: EndpointDiagnostic.sampleNotALiteral))
                    continue
                }
                annotation.sample = "Fixtures.sampleData[\(literal.trimmedDescription)] ?? Data()"
            case "headers":
                guard let parsed = headerLiterals(argument.expression) else {
                    problems.append(Diagnostic(node: argument.expression, message: EndpointDiagnostic.headersNotALiteral))
                    continue
                }
                annotation.headers = parsed
            default:
                continue
            }
        }
        return annotation
    }

    /// `["a", "b"]` as its strings, or `nil` when it is anything else.
    private static func stringLiterals(_ expression: ExprSyntax) -> [String]? {
        guard let array = expression.as(ArrayExprSyntax.self) else { return nil }
        var names: [String] = []
        for element in array.elements {
            guard let name = element.expression.as(StringLiteralExprSyntax.self)?.plainText else { return nil }
            names.append(name)
        }
        return names
    }

    /// `["name": "value", …]` as pairs of literal source texts, or `nil` when it is anything else.
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

    /// A path problem at its literal; for a `?` or `#`, with a fix-it that cuts it off.
    private static func pathDiagnostic(_ error: EndpointDiagnostic, literal: StringLiteralExprSyntax, text: String) -> Diagnostic {
        guard case .queryInPath(let character) = error, let cut = text.firstIndex(of: character) else {
            return Diagnostic(node: literal, message: error)
        }
        let kept = StringLiteralExprSyntax(content: String(text[..<cut]))
        return Diagnostic(node: literal, message: error,
                          fixIt: FixIt(message: EndpointFixIt(message: "Remove '\(text[cut...])' from the path"),
                                       changes: [.replace(oldNode: Syntax(literal), newNode: Syntax(kept))]))
    }
}
