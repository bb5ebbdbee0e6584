import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The redaction of one logged request or outcome.
///
/// First every structured part is redacted (URL, headers, bodies), which collects the secret
/// values removed; then ``finish(_:)`` runs each line through the redactor again and replaces
/// any collected value still in it, wherever it stands (an echoed token in a response body, a
/// query value inside an error description).
struct RedactionPass {
    let redactor: Redactor
    /// The values removed so far, with their encoded and decoded spellings.
    private(set) var secrets: Set<String> = []

    init(_ redactor: Redactor) {
        self.redactor = redactor
    }

    /// `text` with the values of listed names redacted.
    mutating func text(_ text: String) -> String {
        let (redacted, removed) = redactor.redact(text)
        for value in removed {
            remember(value)
        }
        return redacted
    }

    /// The URL of `request`, redacted, or `(no URL)`.
    mutating func url(of request: URLRequest) -> String {
        text(request.url?.absoluteString ?? "(no URL)")
    }

    /// `fields` sorted by name, listed ones with the marker as value, the others redacted as text.
    mutating func headers(_ fields: [String: String]) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        for (name, value) in fields.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            if redactor.isListed(name) {
                rememberCredential(value, isSetCookie: name.lowercased() == "set-cookie")
                result.append((name, redactor.marker))
            } else {
                result.append((name, text(value)))
            }
        }
        return result
    }

    /// The header fields of an HTTP response, as strings.
    static func fields(of response: HTTPURLResponse?) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in response?.allHeaderFields ?? [:] {
            fields["\(name)"] = "\(value)"
        }
        return fields
    }

    /// A text body with the values of listed names redacted; binary data unchanged.
    mutating func body(_ data: Data) -> Data {
        guard let body = BodyText.text(of: data) else { return data }
        return Data(text(body).utf8)
    }

    /// Redacts the URL, headers and (when `includingBody`) body of `request` only to learn
    /// their secrets. Bodies are skipped when no body is shown: scanning them costs time for
    /// every request, and the structural redaction of the lines does not depend on them.
    mutating func collect(from request: URLRequest?, includingBody: Bool) {
        guard let request else { return }
        _ = url(of: request)
        _ = headers(request.allHTTPHeaderFields ?? [:])
        if includingBody, let body = request.httpBody {
            _ = self.body(body)
        }
    }

    /// Learns the secrets of a response: its request, its headers and (when `includingBodies`)
    /// both bodies.
    mutating func collect(from response: Response, includingBodies: Bool) {
        collect(from: response.request, includingBody: includingBodies)
        _ = headers(Self.fields(of: response.response))
        if includingBodies {
            _ = body(response.data)
        }
    }

    /// `line` redacted again, and every secret learned so far replaced by the marker.
    func finish(_ line: String) -> String {
        redactor.scrub(redactor.redact(line).text, values: secrets)
    }

    /// Remembers a header value and its parts: the credential after the scheme
    /// (`Bearer <token>`), each cookie and its value (only the first pair of `Set-Cookie`:
    /// the rest are attributes).
    private mutating func rememberCredential(_ value: String, isSetCookie: Bool) {
        remember(value)
        let pairs = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        for pair in isSetCookie ? Array(pairs.prefix(1)) : pairs {
            remember(pair)
            if let equals = pair.firstIndex(of: "=") {
                remember(String(pair[pair.index(after: equals)...]))
            }
            if let space = pair.lastIndex(of: " ") {
                remember(String(pair[pair.index(after: space)...]))
            }
        }
    }

    /// Remembers `value` as written, percent-decoded, JSON-unescaped and re-encoded, so any
    /// spelling of it is caught.
    private mutating func remember(_ value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= Redactor.minimumScrubbedLength else { return }
        var spellings: Set<String> = [trimmed]
        if let decoded = trimmed.replacingOccurrences(of: "+", with: " ").removingPercentEncoding {
            spellings.insert(decoded)
        }
        spellings.insert(trimmed.replacingOccurrences(of: "\\/", with: "/").replacingOccurrences(of: "\\\"", with: "\""))
        for spelling in spellings {
            secrets.insert(spelling)
            secrets.insert(spelling.replacingOccurrences(of: "/", with: "\\/"))
            if let encoded = spelling.addingPercentEncoding(withAllowedCharacters: .urlUnreservedCharacters) {
                secrets.insert(encoded)
            }
        }
    }
}

extension CharacterSet {
    /// RFC 3986 unreserved characters: letters, digits, `-._~`.
    fileprivate static let urlUnreservedCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
