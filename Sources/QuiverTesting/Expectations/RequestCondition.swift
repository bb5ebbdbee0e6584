import Foundation
import Quiver

/// One thing an expectation asks of a request.
enum RequestCondition: Sendable {
    /// The method.
    case method(HTTPMethod)
    /// The path, as a pattern: `*` stands for one segment, `**` for any number of them.
    case path(PathPattern)
    /// Query items the URL holds, among others.
    case query([String: String])
    /// Header fields the request holds (names compared case-insensitively), among others.
    case headers([String: String])
    /// Values a JSON body holds, at any depth, among others.
    case json(Parameters)
    /// Fields a form body holds, among others.
    case form([String: String])
    /// A part of a multipart body, by name, with what else is given of it.
    case part(name: String, fileName: String?, contentType: String?, text: String?)
    /// A body equal to these bytes: as JSON for a JSON body, as fields for a form.
    case body(Data, contentType: String?)
    /// The test's own condition.
    case custom(String, @Sendable (RecordedRequest) -> Bool)

    /// How much this condition weighs when the nearest expectation or request is looked for:
    /// the method and the path say most about which request was meant.
    var weight: Int {
        switch self {
        case .method, .path: 3
        default: 1
        }
    }

    /// Whether `request` meets this condition: ``differences(from:)`` is empty, told without
    /// making the differences for the method and the path, which every request is checked for.
    func isMet(by request: RecordedRequest) -> Bool {
        switch self {
        case .method(let method): request.method == method
        case .path(let pattern): pattern.matches(request)
        default: differences(from: request).isEmpty
        }
    }

    /// How `request` differs from this condition; empty when it meets it.
    func differences(from request: RecordedRequest) -> [RequestDifference] {
        switch self {
        case .method(let method):
            return request.method == method ? [] : [RequestDifference(subject: "method", name: nil, expected: method.rawValue, actual: request.method.rawValue)]
        case .path(let pattern):
            let path = request.path
            return pattern.matches(path) ? [] : [RequestDifference(subject: "path", name: nil, expected: pattern.description, actual: path)]
        case .query(let items):
            return Self.fieldDifferences(items, in: request.queryItems, kind: "query")
        case .headers(let fields):
            return fields.sorted { $0.key.lowercased() < $1.key.lowercased() }.compactMap { name, value in
                let sent = request.header(name)
                return sent == value ? nil
                    : RequestDifference(subject: "header \(name)", name: name, expected: value, actual: sent)
            }
        case .json(let values):
            return JSONSubset.differences(values, in: request.json)
        case .form(let fields):
            return Self.fieldDifferences(fields, in: request.formFields, kind: "form")
        case .part(let name, let fileName, let contentType, let text):
            guard let part = request.parts.first(where: { $0.name == name }) else {
                let names = request.parts.map(\.name)
                return [RequestDifference(subject: "part \(name)", name: nil, expected: "a part",
                                          actual: names.isEmpty ? "no multipart parts" : "parts " + names.joined(separator: ", "))]
            }
            var differences: [RequestDifference] = []
            if let fileName, part.fileName != fileName {
                differences.append(RequestDifference(subject: "part \(name) filename", name: nil, expected: fileName, actual: part.fileName))
            }
            if let contentType, part.contentType != contentType {
                differences.append(RequestDifference(subject: "part \(name) content type", name: nil, expected: contentType, actual: part.contentType))
            }
            if let text, part.text != text {
                differences.append(RequestDifference(subject: "part \(name)", name: name, expected: JSONSubset.quoted(text), actual: JSONSubset.quoted(part.text)))
            }
            return differences
        case .body(let data, let contentType):
            return Self.bodyDifferences(data, contentType: contentType, from: request)
        case .custom(let description, let predicate):
            return predicate(request) ? [] : [RequestDifference(subject: description, name: nil, expected: "true", actual: "false")]
        }
    }

    /// The differences between named values asked for and those sent (the first value sent
    /// under a name that repeats is not the only one looked at: any may match).
    private static func fieldDifferences(_ expected: [String: String], in sent: [(name: String, value: String)],
                                         kind: String) -> [RequestDifference] {
        expected.sorted { $0.key < $1.key }.compactMap { name, value in
            let values = sent.filter { $0.name == name }.map(\.value)
            return values.contains(value) ? nil
                : RequestDifference(subject: "\(kind) \(name)", name: name, expected: value,
                                    actual: values.isEmpty ? nil : values.joined(separator: ", "))
        }
    }

    /// A body compared as what it is: JSON as values, a form as fields, anything else as bytes.
    private static func bodyDifferences(_ data: Data, contentType: String?, from request: RecordedRequest) -> [RequestDifference] {
        let type = contentType?.lowercased() ?? ""
        if type.contains("json"), let expected = try? JSONDecoder().decode(JSONValue.self, from: data) {
            guard let sent = request.json else {
                return [RequestDifference(subject: "body", name: nil, expected: JSONSubset.text(expected), actual: "no JSON body")]
            }
            return sent == expected ? [] : [RequestDifference(subject: "body", name: nil, expected: JSONSubset.text(expected), actual: JSONSubset.text(sent))]
        }
        if type.hasPrefix("application/x-www-form-urlencoded") {
            let expected = FormFields.decode(String(decoding: data, as: UTF8.self))
            let sent = request.formFields
            let same = expected.map { "\($0.name)=\($0.value)" }.sorted() == sent.map { "\($0.name)=\($0.value)" }.sorted()
            return same ? [] : [RequestDifference(subject: "body", name: nil, expected: String(decoding: data, as: UTF8.self),
                                                  actual: request.body.map { String(decoding: $0, as: UTF8.self) } ?? "none")]
        }
        guard request.body != data else { return [] }
        return [RequestDifference(subject: "body", name: nil, expected: "\(data.count) bytes",
                                  actual: request.body.map { "\($0.count) other bytes" } ?? "none")]
    }
}
