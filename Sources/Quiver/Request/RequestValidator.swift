import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Refuses requests that URLSession would mangle, hang on, or send unsafely, before any byte
/// leaves: non-http(s) URLs, illegal method tokens, header names or values, bodies on
/// `GET`/`HEAD`.
enum RequestValidator {
    /// Why a `GET` or `HEAD` with a body is refused, and what to send instead.
    static func bodyRefusal(method: String) -> String {
        "a \(method) request cannot carry a body; send the values as a query (.query(…) or task.adding(query:)), or use POST"
    }

    /// Checks `request` as it is about to go to the transport, and hands back what it read of
    /// it: reading a `URLRequest`'s properties on Linux costs, and the transport request is
    /// made of the same.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - headersAreChecked: Whether every header field was checked where it was written (see
    ///     ``Provider/headersStayChecked``): then only the URL, the method and the body are checked.
    /// - Returns: The request's method, URL and body, as read.
    /// - Throws: ``QuiverError/invalidRequest(_:)`` naming the method, URL and the problem.
    static func check(_ request: URLRequest, headersAreChecked: Bool = false) throws(QuiverError) -> CheckedRequest {
        let method = request.httpMethod ?? "GET"
        func refuse(_ problem: String) -> QuiverError {
            .invalidRequest("\(method) \(request.url?.absoluteString ?? "(no URL)"): \(problem)")
        }
        guard let url = request.url else {
            throw refuse("not an absolute http(s) URL")
        }
        if let problem = urlProblem(url) {
            throw refuse(problem)
        }
        guard isToken(method) else {
            throw refuse("the method is not a valid HTTP token")
        }
        if !headersAreChecked, let fields = request.allHTTPHeaderFields {
            try validate(fields, method: method, url: url.absoluteString)
        }
        let body = request.httpBody
        let hasBodyStream = body == nil && request.httpBodyStream != nil
        if isGetOrHead(method) && (body != nil || hasBodyStream) {
            throw refuse(Self.bodyRefusal(method: method.uppercased()))
        }
        return CheckedRequest(method: method, url: url, body: body, hasBodyStream: hasBodyStream)
    }

    /// Why `url` cannot be requested, or `nil` when it can: it must be absolute http(s), with
    /// a host.
    ///
    /// Read on the bytes of the URL's text (RFC 3986: `scheme ":" "//" [userinfo "@"] host
    /// [":" port]`) rather than through `URL.scheme` and `URL.host`, which make new strings on
    /// every call: every request is checked after its plugins ran.
    static func urlProblem(_ url: URL) -> String? {
        var text = url.absoluteString
        let shape = text.withUTF8(URLShape.init)
        switch shape {
        case .requestable:
            return nil
        case .noScheme:
            return "not an absolute http(s) URL: it has no scheme (a base URL must be absolute: add http:// or https://)"
        case .otherScheme(let scheme):
            return "not an absolute http(s) URL: its scheme is \(scheme), and Quiver sends only http and https (for a host name, add http:// or https:// in front)"
        case .noHost:
            return "the URL has no host"
        }
    }

    /// Checks header fields before they are put on a `URLRequest`, which silently drops a
    /// field whose value holds CR or LF: a header would be lost without a word.
    ///
    /// - Throws: ``QuiverError/invalidRequest(_:)`` naming the method, URL and the field.
    static func validate(_ fields: [String: String], method: @autoclosure () -> String, url: @autoclosure () -> String) throws(QuiverError) {
        for (name, value) in fields {
            try validate(name, value, method: method(), url: url())
        }
    }

    /// Checks one header field, as ``validate(_:method:url:)`` checks each.
    static func validate(_ name: String, _ value: String, method: @autoclosure () -> String, url: @autoclosure () -> String) throws(QuiverError) {
        guard isToken(name) else {
            throw .invalidRequest("\(method()) \(url()): the header name \(String(reflecting: name)) is not a valid HTTP token")
        }
        try validate(value: value, ofHeader: name, method: method(), url: url())
    }

    /// Whether every field of `fields` would pass ``validate(_:method:url:)``: for fields
    /// checked once, ahead of the requests they go on.
    static func areValid(_ fields: [String: String]) -> Bool {
        fields.allSatisfy { isToken($0.key) && isFieldValue($0.value) }
    }

    /// Checks the value of header `name`, a name known to be a valid token.
    static func validate(value: String, ofHeader name: String, method: @autoclosure () -> String, url: @autoclosure () -> String) throws(QuiverError) {
        guard isFieldValue(value) else {
            if value == BasicAuthorization.refusedValue {
                throw .invalidRequest("\(method()) \(url()): basic authorization: the user name contains \":\", "
                                      + "which Basic authentication cannot carry (RFC 7617)")
            }
            throw .invalidRequest("\(method()) \(url()): the value of header \(name) contains a control character (CR, LF or NUL)")
        }
    }

    /// Whether `method` is `GET` or `HEAD`, in any case (``HTTPMethod/forbidsBody``).
    static func isGetOrHead(_ method: String) -> Bool {
        let folded = method.utf8.lazy.map(ASCII.lowercased)
        return folded.elementsEqual("get".utf8) || folded.elementsEqual("head".utf8)
    }

    /// RFC 9110 `token`: visible ASCII except separators.
    static func isToken(_ text: String) -> Bool {
        // On the string's contiguous UTF-8 (no copy for a native string): walking
        // `String.UTF8View` costs a bounds check per byte, and every request's header names pass here.
        var text = text
        return text.withUTF8 { !$0.isEmpty && $0.allSatisfy(isTokenByte) }
    }

    /// Whether `byte` may stand in a token: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// RFC 9110 field value: no control characters but horizontal tab.
    static func isFieldValue(_ text: String) -> Bool {
        var text = text
        // Without a branch per byte, which the compiler turns into a vector loop: the cost per
        // byte of a token checked on every request, a cliff (0.2 µs of a stubbed request's 3.3
        // with a 200-byte token when tested byte by byte; 2026-11-26).
        return text.withUTF8 { bytes in
            var invalid: UInt8 = 0
            for byte in bytes {
                invalid |= (byte < 0x20 ? 1 : 0) & (byte != 0x09 ? 1 : 0) | (byte == 0x7F ? 1 : 0)
            }
            return invalid == 0
        }
    }
}

/// What the text of a URL is, as far as sending a request to it goes.
private enum URLShape {
    case requestable
    case noScheme
    case otherScheme(String)
    case noHost

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":".
        func isSchemeByte(_ byte: UInt8) -> Bool {
            ASCII.isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, ASCII.isLetter(bytes[0]),
              bytes[1..<colon].allSatisfy(isSchemeByte) else {
            self = .noScheme
            return
        }
        let scheme = bytes[..<colon]
        // "http" or "https" in any case.
        let lowered = scheme.lazy.map(ASCII.lowercased)
        guard lowered.elementsEqual("http".utf8) || lowered.elementsEqual("https".utf8) else {
            self = .otherScheme(String(decoding: scheme, as: UTF8.self).lowercased())
            return
        }
        // "//" authority, up to the path, query or fragment; the host follows any userinfo
        // and precedes any port (an IPv6 literal stands in brackets).
        let slash = UInt8(ascii: "/")
        guard colon + 2 < bytes.count, bytes[colon + 1] == slash, bytes[colon + 2] == slash else {
            self = .noHost
            return
        }
        let authority = bytes[(colon + 3)...].prefix { $0 != slash && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let afterUserInfo = authority.lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 } ?? authority.startIndex
        let hostAndPort = authority[afterUserInfo...]
        let host = if hostAndPort.first == UInt8(ascii: "[") {
            hostAndPort.prefix { $0 != UInt8(ascii: "]") }.dropFirst()
        } else {
            hostAndPort.prefix { $0 != UInt8(ascii: ":") }
        }
        self = host.isEmpty ? .noHost : .requestable
    }
}
