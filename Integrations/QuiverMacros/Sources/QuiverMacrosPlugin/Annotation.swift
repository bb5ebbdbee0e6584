import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// What an endpoint annotation's arguments say: the path template, the value sent as the body,
/// the fixed header fields; each checked, its problems reported at the argument.
struct Annotation {
    var path: PathTemplate?
    /// Where the path is written, for the problems of its placeholders.
    var pathNode: Syntax
    var body: (name: String, node: Syntax)?
    var headers: [(name: String, value: String)] = []

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
            case "body":
                if argument.expression.is(NilLiteralExprSyntax.self) { continue }
                guard let name = argument.expression.as(StringLiteralExprSyntax.self)?.plainText else {
                    problems.append(Diagnostic(node: argument.expression, message: EndpointDiagnostic.pathNotALiteral))
                    continue
                }
                annotation.body = (name, Syntax(argument.expression))
                if method == "GET" || method == "HEAD" {
                    problems.append(Diagnostic(node: argument, message: EndpointDiagnostic.bodyOnMethod(method),
                                               fixIt: FixIt(message: EndpointFixIt(message: usingPOST.message),
                                                            changes: [.replace(oldNode: usingPOST.old, newNode: usingPOST.new)])))
                }
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
