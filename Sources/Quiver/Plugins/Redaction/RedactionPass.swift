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
    private(set) var secrets = SecretSet()
    /// Cookies whose value is too short to be searched for alone: they are redacted where the
    /// value stands with the cookie's name (`"csrf": "c5rf"`, `csrf=c5rf`).
    private(set) var shortCookies: [(name: String, value: String)] = []
    /// The marker as UTF-8.
    private let marker: [UInt8]

    init(_ redactor: Redactor) {
        self.redactor = redactor
        marker = Array(redactor.marker.utf8)
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
                rememberCredential(value, headerName: name)
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

    /// Learns the secrets of `request`: its URL's, its listed headers' values, those inside
    /// other header values, and (when `includingBody`) its body's. Bodies are skipped when no
    /// body is shown: scanning them costs time for every request, and the structural redaction
    /// of the lines does not depend on them. Nothing is formatted here.
    mutating func collect(from request: URLRequest?, includingBody: Bool) {
        guard let request else { return }
        _ = url(of: request)
        learn(headers: request.allHTTPHeaderFields ?? [:])
        if includingBody, let body = request.httpBody {
            _ = self.body(body)
        }
    }

    /// Learns the secrets of a response: its request, its headers and (when `includingBodies`)
    /// both bodies.
    mutating func collect(from response: Response, includingBodies: Bool) {
        collect(from: response.request, includingBody: includingBodies)
        var fields: [String: String] = [:]
        for (name, value) in response.response?.allHeaderFields ?? [:] {
            fields["\(name)"] = "\(value)"
        }
        learn(headers: fields)
        if includingBodies {
            _ = body(response.data)
        }
    }

    /// Learns the secrets of header fields without formatting them: the values of listed ones
    /// and their parts, and what the redactor finds inside the others.
    private mutating func learn(headers fields: [String: String]) {
        for (name, value) in fields {
            if redactor.isListed(name) {
                rememberCredential(value, headerName: name)
            } else if value.utf8.contains(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":") }) {
                // Only a name=value or name: value inside the value can hold a listed secret.
                _ = text(value)
            }
        }
    }

    /// `line` redacted again, and every secret learned so far replaced by the marker.
    func finish(_ line: String) -> String {
        let text = secrets.scrub(redactor.redact(line).text, marker: marker)
        return shortCookies.isEmpty ? text : redactor.scrub(text, cookies: shortCookies)
    }

    /// Remembers a header value and its parts: the credential after the scheme
    /// (`Bearer <token>`); for `Cookie` and `Set-Cookie`, each cookie (every one of a joined
    /// `Set-Cookie`, attributes aside) and its value, or the cookie when its value is short.
    private mutating func rememberCredential(_ value: String, headerName: String) {
        remember(value)
        if CookieHeader.isCookieHeader(headerName) {
            let cookies = CookieHeader.cookies(in: value, isSetCookie: headerName.lowercased() == "set-cookie")
            for cookie in cookies {
                remember("\(cookie.name)=\(cookie.value)")
                remember(cookie.value)
                remember(cookie.value.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            }
            for cookie in cookies where !cookie.value.isEmpty && cookie.value.count < Redactor.minimumScrubbedLength
                && !redactor.isListed(cookie.name) && !shortCookies.contains(where: { $0 == cookie }) {
                shortCookies.append(cookie)
            }
            return
        }
        for pair in value.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
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
    /// spelling of it is caught. A value of letters, digits and `-._~` only (tokens, JWTs) is
    /// spelled one way in all of these: it is remembered as it is, without a string copy.
    private mutating func remember(_ value: String) {
        let trimmed = Self.trimmingSpaces(value)
        guard trimmed.utf8.count >= Redactor.minimumScrubbedLength else { return }
        if trimmed.utf8.allSatisfy(Self.isUnreserved) {
            secrets.insert(trimmed, minimumLength: Redactor.minimumScrubbedLength, marker: marker)
            return
        }
        let text = String(trimmed)
        var spellings: Set<String> = [text]
        if let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding {
            spellings.insert(decoded)
        }
        spellings.insert(text.replacingOccurrences(of: "\\/", with: "/").replacingOccurrences(of: "\\\"", with: "\""))
        for spelling in spellings {
            insert(spelling)
            insert(spelling.replacingOccurrences(of: "/", with: "\\/"))
            if let encoded = spelling.addingPercentEncoding(withAllowedCharacters: .urlUnreservedCharacters) {
                insert(encoded)
            }
        }
    }

    private mutating func insert(_ spelling: String) {
        secrets.insert(spelling, minimumLength: Redactor.minimumScrubbedLength, marker: marker)
    }

    /// `value` without leading and trailing spaces and tabs.
    private static func trimmingSpaces(_ value: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = value.firstIndex(where: { !isSpace($0) }), let last = value.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return value[first...last]
    }

    /// RFC 3986 unreserved: letters, digits, `-._~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}

extension CharacterSet {
    /// RFC 3986 unreserved characters: letters, digits, `-._~`.
    fileprivate static let urlUnreservedCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
