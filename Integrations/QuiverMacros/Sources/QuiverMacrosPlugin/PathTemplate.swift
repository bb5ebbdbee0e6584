import SwiftParser
import SwiftSyntax

/// A path template such as `users/{login}/repos`: literal text and `{label}` placeholders, in
/// order.
struct PathTemplate: Equatable {
    enum Piece: Equatable {
        case text(String)
        case placeholder(String)
    }

    let pieces: [Piece]

    /// The placeholders' labels, in order.
    var placeholders: [String] {
        pieces.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// Parses `text`.
    ///
    /// - Throws: ``EndpointDiagnostic/queryInPath(_:)`` for a `?` or `#`,
    ///   ``EndpointDiagnostic/unclosedPlaceholder`` for a `{` without its `}`.
    init(_ text: String) throws(EndpointDiagnostic) {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "?", "#":
                throw .queryInPath(character)
            case "{":
                guard let close = rest.firstIndex(of: "}") else { throw .unclosedPlaceholder }
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.placeholder(String(rest[..<close]).trimmingSpaces))
                rest = rest[rest.index(after: close)...]
            default:
                literal.append(character)
            }
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// The template as the body of a Swift string literal: text escaped, each placeholder
    /// interpolated as one path segment (Quiver's `\(segment:)`).
    var interpolation: String {
        pieces.map { piece in
            switch piece {
            case .text(let text):
                text.unicodeScalars.map { scalar in
                    switch scalar {
                    case "\\": "\\\\"
                    case "\"": "\\\""
                    default: scalar.isASCII && scalar.value < 0x20 ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
                    }
                }.joined()
            case .placeholder(let name):
                "\\(segment: \(swiftIdentifier(name)))"
            }
        }.joined()
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// `name` as Swift code refers to it: in backticks when it is a keyword (`default`, `in`), as a
/// label may be.
func swiftIdentifier(_ name: String) -> String {
    var parser = Parser(name)
    let expression = ExprSyntax.parse(from: &parser)
    if let reference = expression.as(DeclReferenceExprSyntax.self), case .identifier = reference.baseName.tokenKind,
       reference.trimmedDescription == name, !expression.hasError {
        return name
    }
    return "`\(name)`"
}
