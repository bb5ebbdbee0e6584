import Foundation
import QuiverTesting

/// The shape of a recorded fixture file, checked with the same decoding replaying uses, and
/// explained with the file's line and column when it is wrong.
enum FixtureShape {
    /// The keys of a recorded fixture.
    static let keys = ["request", "status", "headers", "body", "bodyText", "bodyBase64", "stream"]
    /// The keys that hold a body; a fixture has at most one.
    static let bodyKeys = ["body", "bodyText", "bodyBase64", "stream"]

    /// Whether a JSON text claims to be a recorded fixture: a top-level object with both
    /// `request` and `status`. Any other JSON is sample data.
    static func isRecording(_ outline: JSONOutline) -> Bool {
        outline.kind == .object && outline.position(of: "request") != nil && outline.position(of: "status") != nil
    }

    /// Decodes a recorded fixture as replaying does, after checking what decoding would let pass
    /// silently: unknown or repeated keys, two bodies, a status outside 100…599.
    ///
    /// - Parameters:
    ///   - data: The file's contents, well-formed JSON.
    ///   - outline: Its outline.
    ///   - path: The file, as diagnostics name it.
    /// - Returns: The fixture.
    /// - Throws: A ``Diagnostic`` naming the file, at the key concerned.
    static func decode(_ data: Data, outline: JSONOutline, path: String) throws(Diagnostic) -> Fixture {
        func failure(_ message: String, at position: SourcePosition?) -> Diagnostic {
            Diagnostic(path: path, position: position ?? .start, message: "invalid recorded fixture: \(message)")
        }
        var seen = Set<String>()
        for key in outline.keys {
            guard keys.contains(key.name) else {
                throw failure("unknown key '\(key.name)'; a file with 'request' and 'status' is a recorded fixture, "
                    + "with the keys request, status, headers and one of body, bodyText, bodyBase64, stream", at: key.position)
            }
            guard seen.insert(key.name).inserted else {
                throw failure("'\(key.name)' appears twice", at: key.position)
            }
        }
        let bodies = outline.keys.filter { bodyKeys.contains($0.name) }
        if bodies.count > 1 {
            throw failure("one body only: 'body' (JSON), 'bodyText', 'bodyBase64' or 'stream', not both '\(bodies[0].name)' and '\(bodies[1].name)'",
                          at: bodies[1].position)
        }
        let fixture: Fixture
        do {
            fixture = try Fixture(fileData: data)
        } catch let error as DecodingError {
            let (codingPath, message) = explain(error)
            throw failure(message, at: codingPath.first.flatMap { outline.position(of: $0.stringValue) })
        } catch {
            throw failure("\(error)", at: nil)
        }
        guard (100...599).contains(fixture.statusCode) else {
            throw failure("'status' must be an HTTP status code from 100 to 599, not \(fixture.statusCode)", at: outline.position(of: "status"))
        }
        return fixture
    }

    /// The coding path of a decoding error and a sentence saying what is wrong where.
    static func explain(_ error: DecodingError) -> (codingPath: [any CodingKey], message: String) {
        switch error {
        case .keyNotFound(let key, let context):
            let place = context.codingPath.isEmpty ? "" : " in '\(describe(context.codingPath))'"
            return (context.codingPath, "'\(key.stringValue)' is missing\(place)")
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let place = context.codingPath.isEmpty ? "" : "'\(describe(context.codingPath))': "
            return (context.codingPath, place + context.debugDescription)
        @unknown default:
            return ([], "\(error)")
        }
    }

    /// `request.method`, `headers.Accept`, `items[0]`.
    static func describe(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}
