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
struct RedactionPass: Sendable {
    let redactor: Redactor
    /// The values removed so far, with their encoded and decoded spellings.
    private(set) var secrets = SecretSet()
    /// Cookies whose value is too short to be searched for alone: they are redacted where the
    /// value stands with the cookie's name (`"csrf": "c5rf"`, `csrf=c5rf`).
    private(set) var shortCookies: [(name: String, value: String)] = []
    /// The marker as UTF-8.
    private var marker: [UInt8] { redactor.markerBytes }

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
        request.url.map { url($0.absoluteString) } ?? text("(no URL)")
    }

    /// A URL's text, redacted. The redactor acts only where a quote, `=` or `:` stands, and
    /// takes a password only before an `@`: a URL without a quote, `=` or `@`, whose every
    /// colon starts no `Name: value` with a listed name (its scheme's, a port's), is its own
    /// redaction, and is not scanned.
    mutating func url(_ text: String) -> String {
        Self.isItsOwnRedaction(url: text, by: redactor) ? text : self.text(text)
    }

    /// Whether the redactor would hand `url` back as it is, found without scanning it: see
    /// ``url(_:)``.
    static func isItsOwnRedaction(url: String, by redactor: Redactor) -> Bool {
        var copy = url
        return copy.withUTF8 { bytes in
            let colon = UInt8(ascii: ":")
            var from = 0
            while let found = ByteSearch.firstIndex(ofAnyOf: colon, UInt8(ascii: "="), UInt8(ascii: "\""),
                                                    in: bytes, from: from) {
                guard bytes[found] == colon else { return false }
                if let nameStart = RedactionScanner.fieldNameStart(beforeColonAt: found, in: bytes),
                   redactor.isListed(bytes: UnsafeBufferPointer(rebasing: bytes[nameStart..<found])) {
                    return false
                }
                from = found + 1
            }
            return !bytes.contains(UInt8(ascii: "@"))
        }
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
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - includingBody: Whether its body is learned too.
    ///   - printsOnlyItsURL: Whether the URL is the only text of the request that will be
    ///     printed (a summary line): then a credential part spelled one way only (letters,
    ///     digits, `-._~`, as tokens are) is remembered only if the URL holds it, since nothing
    ///     else printed can echo it. Other parts are remembered in every spelling, as always.
    ///   - sentURL: The request's URL when the caller read it already, else `nil`.
    /// - Returns: The request's URL, redacted, or `nil` without a request.
    @discardableResult
    mutating func collect(from request: URLRequest?, includingBody: Bool, printsOnlyItsURL: Bool = false,
                          sentURL: URL? = nil) -> String? {
        guard let request else { return nil }
        let redacted = if let sentURL { url(sentURL.absoluteString) } else { url(of: request) }
        learn(headers: request.allHTTPHeaderFields ?? [:], echoedOnlyIn: printsOnlyItsURL && !includingBody ? redacted : nil)
        if includingBody, let body = request.httpBody {
            _ = self.body(body)
        }
        return redacted
    }

    /// Learns the secrets of a response: its request, and (when `includingBodies`) its headers
    /// and both bodies. The response's headers matter only where a body is shown (a server may
    /// echo a cookie it sets); header lines learn their own secrets as they are formatted.
    ///
    /// - Returns: The request's URL, redacted, or `nil` without a request.
    @discardableResult
    mutating func collect(from response: Response, includingBodies: Bool, printsOnlyItsURL: Bool = false) -> String? {
        let url = collect(from: response.request, includingBody: includingBodies, printsOnlyItsURL: printsOnlyItsURL)
        if includingBodies {
            learn(headers: Self.fields(of: response.response))
            _ = body(response.data)
        }
        return url
    }

    /// Learns the secrets of header fields without formatting them: the values of listed ones
    /// and their parts, and what the redactor finds inside the others.
    private mutating func learn(headers fields: [String: String], echoedOnlyIn printed: String? = nil) {
        for (name, value) in fields {
            if redactor.isListed(name) {
                rememberCredential(value, headerName: name, echoedOnlyIn: printed)
            } else if Self.mayHoldNamedValue(value) {
                // Only a name=value or name: value inside the value can hold a listed secret.
                _ = text(value)
            }
        }
    }

    /// Whether a header value holds a `=` or a `:`, without which no `name=value` or
    /// `Name: value` inside it can hold a listed secret.
    private static func mayHoldNamedValue(_ value: String) -> Bool {
        let equals = UInt8(ascii: "="), colon = UInt8(ascii: ":")
        return value.utf8.withContiguousStorageIfAvailable {
            ByteSearch.firstIndex(ofAnyOf: equals, colon, colon, in: $0, from: 0) != nil
        } ?? value.utf8.contains { $0 == equals || $0 == colon }
    }

    /// `line` redacted again, and every secret learned so far replaced by the marker.
    func finish(_ line: String) -> String {
        scrub(redactor.redact(line).text)
    }

    /// `line` with every secret learned so far replaced by the marker, without redacting it
    /// again: for a line made only of text this pass redacted already and of fixed text.
    func scrub(_ line: String) -> String {
        let text = secrets.scrub(line, marker: marker)
        return shortCookies.isEmpty ? text : redactor.scrub(text, cookies: shortCookies)
    }

    /// Remembers the secret parts of a header value: the credential after the scheme
    /// (`Bearer <token>`), the value after a `name=`, or the whole value when it has neither;
    /// for `Cookie` and `Set-Cookie`, the value, each cookie (every one of a joined
    /// `Set-Cookie`, attributes aside) and its value, or the cookie when its value is short.
    private mutating func rememberCredential(_ value: String, headerName: String, echoedOnlyIn printed: String? = nil) {
        if CookieHeader.isCookieHeader(headerName) {
            remember(value)
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
        // On the value's contiguous UTF-8 bytes: walking a long token by Characters, or even
        // through `String.UTF8View` indices, costs more than everything else a logged request does.
        // The whole value as written (an echo of it is replaced whole), and each part in every
        // spelling: the credential after a scheme, the value after a name, or the part itself.
        // The whole value's other spellings need not be searched for: they hold the part.
        var value = value
        var printed = printed
        value.withUTF8 { bytes in
            Self.withBytes(of: &printed) { printed in
                let whole = Self.trimmingSpaces(bytes[...])
                if printed.map({ ByteSearch.bytes($0, contain: whole) }) ?? true {
                    insert(Array(whole))
                }
                // The `;`-separated pieces, walked in place (no array of them is made), each
                // search a `memchr` or one tight loop: a JWT is crossed a handful of times.
                var start = 0
                while start < bytes.count {
                    let end = ByteSearch.firstIndex(of: UInt8(ascii: ";"), in: bytes, from: start) ?? bytes.count
                    let pair = Self.trimmingSpaces(bytes[start..<end])
                    start = end + 1
                    guard !pair.isEmpty else { continue }
                    var split = false
                    if let equals = ByteSearch.firstIndex(of: UInt8(ascii: "="), in: bytes, from: pair.startIndex, to: pair.endIndex) {
                        remember(bytes[(equals + 1)..<pair.endIndex], unlessAbsentFrom: printed)
                        split = true
                    }
                    if let space = ByteSearch.lastIndex(of: UInt8(ascii: " "), in: bytes, from: pair.startIndex, to: pair.endIndex) {
                        remember(bytes[(space + 1)..<pair.endIndex], unlessAbsentFrom: printed)
                        split = true
                    }
                    if !split {
                        remember(pair, unlessAbsentFrom: printed)
                    }
                }
            }
        }
    }

    /// Runs `body` with the UTF-8 bytes of `text`, or with `nil` when there is no text.
    private static func withBytes<Result>(of text: inout String?,
                                          _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard var unwrapped = text else { return body(nil) }
        return unwrapped.withUTF8 { body($0) }
    }

    /// ``remember(_:)``, except for a part that `printed`, the only text to be printed, cannot
    /// hold in any spelling: nothing printed can echo it. That is a part spelled one way only
    /// (letters, digits, `-._~`) that `printed` does not hold, and any part more than three
    /// times longer than `printed`: no spelling of a part is shorter than a third of it
    /// (percent-decoding turns three bytes into one, and nothing shortens more), so none fits.
    /// A token is usually longer than the URL it goes with, and then its bytes are not read.
    private mutating func remember(_ part: Slice<UnsafeBufferPointer<UInt8>>, unlessAbsentFrom printed: UnsafeBufferPointer<UInt8>?) {
        if let printed {
            if part.count > 3 * printed.count { return }
            if ByteSearch.isUnreserved(part), !ByteSearch.bytes(printed, contain: part) { return }
        }
        remember(String(decoding: part, as: UTF8.self))
    }

    /// `bytes` without leading and trailing spaces and tabs.
    private static func trimmingSpaces(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let first = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? first
        return bytes[first..<end]
    }

    /// Remembers `value` as written, percent-decoded, JSON-unescaped, with `/` escaped and
    /// percent-encoded, so any spelling of it is caught. Each spelling is made only when it
    /// differs (a token of letters, digits and `-._~` has one), on bytes: Foundation's string
    /// calls cost time linear in the value on every request.
    private mutating func remember(_ value: some StringProtocol) {
        let trimmed = Self.trimmingSpaces(value)
        guard trimmed.utf8.count >= Redactor.minimumScrubbedLength else { return }
        let bytes = Array(trimmed.utf8)
        var spellings = [bytes]
        if bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }),
           let decoded = String(trimmed).replacingOccurrences(of: "+", with: " ").removingPercentEncoding {
            spellings.append(Array(decoded.utf8))
        }
        if bytes.contains(UInt8(ascii: "\\")) {
            spellings.append(Self.unescapingJSON(bytes))
        }
        for spelling in spellings {
            insert(spelling)
            if spelling.contains(UInt8(ascii: "/")) {
                insert(spelling.flatMap { $0 == UInt8(ascii: "/") ? [UInt8(ascii: "\\"), $0] : [$0] })
            }
            if !spelling.allSatisfy(ByteSearch.isUnreserved) {
                insert(Self.percentEncoding(spelling))
            }
        }
    }

    private mutating func insert(_ spelling: [UInt8]) {
        secrets.insert(bytes: spelling, minimumLength: Redactor.minimumScrubbedLength, marker: marker)
    }

    /// `bytes` with the JSON escapes `\\/` and `\\"` undone.
    private static func unescapingJSON(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count,
               bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "\"") {
                index += 1
            }
            output.append(bytes[index])
            index += 1
        }
        return output
    }

    /// `bytes` percent-encoded: every byte but the unreserved ones as `%XX`.
    private static func percentEncoding(_ bytes: [UInt8]) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            if ByteSearch.isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            }
        }
        return output
    }

    /// `value` without leading and trailing spaces and tabs.
    private static func trimmingSpaces(_ value: some StringProtocol) -> Substring {
        let text = Substring(value)
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let first = text.utf8.firstIndex { !isSpace($0) } ?? text.endIndex
        let end = text.utf8.lastIndex { !isSpace($0) }.map(text.utf8.index(after:)) ?? first
        return text[first..<end]
    }
}
