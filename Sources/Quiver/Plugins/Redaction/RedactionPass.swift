import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The redaction of one output (a request's log lines, an outcome's, a fixture, a description):
/// the one place every surface redacts through.
///
/// Each structured part (URL, header fields, bodies) is redacted by structure, which teaches the
/// pass the secret values it removed; ``finish(_:)`` then redacts a finished line by structure
/// again and replaces every value learned, in every spelling, wherever it stands (a token echoed
/// in a response body, a cookie quoted in an error description).
package struct RedactionPass: Sendable {
    let redactor: Redactor
    /// The values learned so far.
    private(set) var secrets = SecretSet()
    /// The names of cookies whose value is too short to search for alone: redacted by structure
    /// where they stand as names (`"csrf": "c5rf"`, `csrf=c5rf`).
    private(set) var shortCookieNames: Set<String> = []
    /// The marker as UTF-8.
    private var marker: [UInt8] { redactor.markerBytes }

    package init(_ redactor: Redactor) {
        self.redactor = redactor
    }

    /// A pass of ``Redaction/default`` that learned the secrets of `request` and `response`
    /// (header fields and bodies of both): what a description of either needs.
    static func learning(_ request: URLRequest?, _ response: Response? = nil) -> RedactionPass {
        var pass = RedactionPass(Redaction.defaultRedactor)
        if let response {
            pass.collect(from: response, includingBodies: true)
        } else {
            pass.collect(from: request, includingBody: true)
        }
        return pass
    }

    /// `text` redacted by structure; what it removed is learned.
    mutating func text(_ text: String) -> String {
        let (redacted, removed) = redactor.redact(text, extraNames: shortCookieNames)
        removed.forEach { remember($0) }
        return redacted
    }

    /// The URL of `request`, redacted, or `(no URL)`.
    mutating func url(of request: URLRequest) -> String {
        request.url.map { text($0.absoluteString) } ?? "(no URL)"
    }

    /// `fields` sorted by name, listed ones with the marker as value (their credentials
    /// learned), the others redacted as text.
    package mutating func headers(_ fields: [String: String]) -> [(name: String, value: String)] {
        fields.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { name, value in
            guard redactor.isListed(name) else { return (name, text(value)) }
            rememberCredential(value, headerName: name)
            return (name, redactor.marker)
        }
    }

    /// The value of a name (a header field, a query item, a JSON key, a form field): the marker
    /// when the policy lists the name (the value is learned as a credential), else the value
    /// redacted as text.
    package mutating func value(_ value: String, named name: String) -> String {
        guard redactor.isListed(name) else { return text(value) }
        rememberCredential(value, headerName: name)
        return redactor.marker
    }

    /// A body, text or binary, redacted by structure; what it removed is learned.
    package mutating func body(_ data: Data) -> Data {
        let (redacted, removed) = redactor.redact(data, extraNames: shortCookieNames)
        removed.forEach { remember($0) }
        return redacted
    }

    /// Learns the secrets of `request`: its URL's, its header fields', and (when
    /// `includingBody`) its body's.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - includingBody: Whether its body is learned too. A caller that prints nothing of the
    ///     request but its method and URL may leave it out: the URL is the request's own, and a
    ///     body's secret reaches it only if the caller copied it there under an unlisted name.
    ///     Learning a body costs time that grows with its size, on every request.
    /// - Returns: The request's URL, redacted, or `nil` without a request.
    @discardableResult
    package mutating func collect(from request: URLRequest?, includingBody: Bool) -> String? {
        guard let request else { return nil }
        let url = self.url(of: request)
        learn(headers: request.allHTTPHeaderFields ?? [:])
        if includingBody, let body = request.httpBody {
            _ = self.body(body)
        }
        return url
    }

    /// Learns the secrets of a response's request and, when `includingBodies`, of its header
    /// fields and both bodies.
    ///
    /// - Returns: The request's URL, redacted, or `nil` without a request.
    @discardableResult
    mutating func collect(from response: Response, includingBodies: Bool) -> String? {
        let url = collect(from: response.request, includingBody: includingBodies)
        if includingBodies {
            collectHeadAndBody(of: response)
        }
        return url
    }

    /// Learns the secrets of a response's header fields and body.
    mutating func collectHeadAndBody(of response: Response) {
        learn(headers: response.headerFieldsByName)
        _ = body(response.data)
    }

    /// `line` redacted by structure again, and every value learned replaced in every spelling.
    package func finish(_ line: String) -> String {
        secrets.scrub(redactor.redact(line, extraNames: shortCookieNames).text, marker: marker)
    }

    /// ``finish(_:)`` for a body, text or binary.
    package func finish(_ data: Data) -> Data {
        secrets.scrub(redactor.redact(data, extraNames: shortCookieNames).data, marker: marker)
    }

    /// Learns the secrets of header fields: the credentials of listed ones, and what the
    /// structure of the others' values holds.
    mutating func learn(headers fields: [String: String]) {
        for (name, value) in fields {
            if redactor.isListed(name) {
                rememberCredential(value, headerName: name)
            } else {
                _ = text(value)
            }
        }
    }

    /// Learns the secret parts of a listed header's value: the whole value; for `Cookie` and
    /// `Set-Cookie` each cookie's value (attributes aside; a short one by its cookie's name);
    /// otherwise each `;`- or `,`-separated part's credential after a scheme (`Bearer <token>`)
    /// or value after a `name=`, or the part itself, and for `Basic` its decoded
    /// `user:password` and password.
    private mutating func rememberCredential(_ value: String, headerName: String) {
        if CookieHeader.isCookieHeader(headerName) {
            remember(value)
            for cookie in CookieHeader.cookies(in: value, isSetCookie: headerName.lowercased() == "set-cookie") {
                remember(cookie.value)
                if !cookie.value.isEmpty && cookie.value.utf8.count < Redactor.minimumScrubbedLength {
                    shortCookieNames.insert(cookie.name.lowercased())
                }
            }
            return
        }
        // On the value's own bytes, which one look tells whether they hold separators or `=`
        // at all. A cost per byte of the token is a cliff: copying a 200-byte one and walking
        // it once per question cost the logger 2.7 µs of its 7 per request, and a stubbed
        // request with token + headers + logger about a third of its time (2026-11-26).
        var value = value
        value.withUTF8 { bytes in
            remember(bytes[...])
            let (hasSeparator, hasEquals) = ByteSearch.presence(of: UInt8(ascii: ";"), or: UInt8(ascii: ","),
                                                                and: UInt8(ascii: "="), in: bytes)
            var start = 0
            while start < bytes.count {
                let end = hasSeparator
                    ? bytes[start...].firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") } ?? bytes.count
                    : bytes.count
                let part = Self.trimmed(bytes[start..<end])
                start = end + 1
                let space = part.firstIndex(of: UInt8(ascii: " "))
                if let space {
                    let credential = Self.trimmed(bytes[(space + 1)..<part.endIndex])
                    remember(credential)
                    if bytes[part.startIndex..<space].elementsEqual("basic".utf8, by: { ASCII.lowercased($0) == $1 }),
                       let decoded = Data(base64Encoded: Data(credential)) {
                        let user = Array(decoded)
                        remember(user[...])
                        if let colon = user.firstIndex(of: UInt8(ascii: ":")) { remember(user[(colon + 1)...]) }
                    }
                }
                if hasEquals, let equals = part.firstIndex(of: UInt8(ascii: "=")) {
                    remember(bytes[(equals + 1)..<part.endIndex])
                } else if space == nil {
                    remember(part)
                }
            }
        }
    }

    /// Learns a value removed by structure.
    private mutating func remember(_ value: String) {
        remember(Array(value.utf8)[...])
    }

    /// Learns `value` trimmed of spaces and quotes, and also percent-decoded and JSON-unescaped
    /// when that spells it differently; ``SecretSet/spellings(of:)`` adds the encoded spellings.
    private mutating func remember<Bytes: BidirectionalCollection<UInt8>>(_ value: Bytes) {
        let trimmed = Array(Self.trimmed(value))
        guard trimmed.count >= Redactor.minimumScrubbedLength else { return }
        secrets.insert(trimmed, marker: marker)
        // One look for the bytes that make other spellings; a token has none.
        let (isFormEncoded, isEscaped) = ByteSearch.presence(of: UInt8(ascii: "%"), or: UInt8(ascii: "+"),
                                                             and: UInt8(ascii: "\\"), in: trimmed)
        if isFormEncoded {
            secrets.insert(Array(Redactor.formDecoded(String(decoding: trimmed, as: UTF8.self)).utf8), marker: marker)
        }
        if isEscaped,
           let unescaped = try? JSONDecoder().decode(String.self, from: Data([UInt8(ascii: "\"")] + trimmed + [UInt8(ascii: "\"")])) {
            secrets.insert(Array(unescaped.utf8), marker: marker)
        }
    }

    /// `bytes` without leading and trailing spaces, tabs and double quotes.
    private static func trimmed<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
        let isPadding = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\"") }
        guard let first = bytes.firstIndex(where: { !isPadding($0) }), let last = bytes.lastIndex(where: { !isPadding($0) }) else {
            return bytes[bytes.endIndex...]
        }
        return bytes[first...last]
    }
}
