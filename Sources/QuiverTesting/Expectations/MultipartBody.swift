import Foundation

/// Reads a `multipart/form-data` body back into its parts, as a server would.
enum MultipartBody {
    /// The `boundary` parameter of a `multipart/form-data` content type, unquoted.
    static func boundary(inContentType contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            let unquoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
            return unquoted.isEmpty ? nil : unquoted
        }
        return nil
    }

    /// The parts of `body`, in order; empty when it does not parse as parts of `boundary`.
    static func parts(of body: Data, boundary: String) -> [RecordedPart] {
        let delimiter = Data("--\(boundary)".utf8)
        let crlf = Data("\r\n".utf8)
        let headEnd = Data("\r\n\r\n".utf8)
        guard var cursor = body.range(of: delimiter)?.upperBound else { return [] }
        var parts: [RecordedPart] = []
        while cursor < body.endIndex {
            // After a delimiter: `--` ends the body, CRLF starts a part.
            if body[cursor...].starts(with: Data("--".utf8)) { return parts }
            guard body[cursor...].starts(with: crlf) else { return [] }
            let headStart = cursor + crlf.count
            guard let headRange = body.range(of: headEnd, in: headStart..<body.endIndex),
                  let next = body.range(of: crlf + delimiter, in: headRange.upperBound..<body.endIndex) else { return [] }
            let head = String(decoding: body[headStart..<headRange.lowerBound], as: UTF8.self)
            guard let part = part(head: head, data: Data(body[headRange.upperBound..<next.lowerBound])) else { return [] }
            parts.append(part)
            cursor = next.upperBound
        }
        return []
    }

    /// A part made of its header lines and its bytes; `nil` without a `Content-Disposition` name.
    private static func part(head: String, data: Data) -> RecordedPart? {
        var name: String?
        var fileName: String?
        var contentType: String?
        for line in head.components(separatedBy: "\r\n") {
            let field = line.split(separator: ":", maxSplits: 1)
            guard field.count == 2 else { continue }
            let value = field[1].trimmingCharacters(in: .whitespaces)
            switch field[0].trimmingCharacters(in: .whitespaces).lowercased() {
            case "content-disposition":
                let parameters = Self.parameters(of: value)
                name = parameters["name"]
                fileName = parameters["filename"]
            case "content-type":
                contentType = value
            default:
                continue
            }
        }
        return name.map { RecordedPart(name: $0, fileName: fileName, contentType: contentType, data: data) }
    }

    /// The `key="value"` parameters of a `Content-Disposition` value, as sent (a `"` in a name
    /// arrives as `%22`, as browsers and Quiver write it); a `;` inside quotes is part of the value.
    ///
    /// Read scalar by scalar: a quote, `;` or `=` that a combining mark follows (a value that
    /// starts with one) is one character with it, and a reading by character would pass over it.
    private static func parameters(of value: String) -> [String: String] {
        var items: [String.UnicodeScalarView] = []
        var current = String.UnicodeScalarView()
        var quoted = false
        for scalar in value.unicodeScalars {
            if scalar == "\"" { quoted.toggle() }
            if scalar == ";" && !quoted {
                items.append(current)
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        items.append(current)
        var parameters: [String: String] = [:]
        for item in items.dropFirst() {
            guard let equals = item.firstIndex(of: "=") else { continue }
            let name = String(String.UnicodeScalarView(item[..<equals])).trimmingCharacters(in: .whitespaces)
            var text = String(String.UnicodeScalarView(item[item.index(after: equals)...])).trimmingCharacters(in: .whitespaces)
            let scalars = text.unicodeScalars
            if scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" {
                text = String(String.UnicodeScalarView(scalars.dropFirst().dropLast()))
            }
            guard !name.isEmpty else { continue }
            parameters[name.lowercased()] = text
        }
        return parameters
    }
}
