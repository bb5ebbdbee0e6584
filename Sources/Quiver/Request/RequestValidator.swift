import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Refuses requests that URLSession would mangle, hang on, or send unsafely, before any byte
/// leaves: non-http(s) URLs, illegal method tokens, header names or values, bodies on
/// `GET`/`HEAD`.
enum RequestValidator {
    /// Checks `request` as it is about to go to the transport.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - checkedURL: A URL known to pass ``urlProblem(_:)``: when the request still has it,
    ///     its scheme and host are not looked at again.
    /// - Throws: ``QuiverError/invalidRequest(_:)`` naming the method, URL and the problem.
    static func validate(_ request: URLRequest, checkedURL: URL? = nil) throws(QuiverError) {
        let method = request.httpMethod ?? "GET"
        func refuse(_ problem: String) -> QuiverError {
            .invalidRequest("\(method) \(request.url?.absoluteString ?? "(no URL)"): \(problem)")
        }
        guard let url = request.url else {
            throw refuse("not an absolute http(s) URL")
        }
        if url != checkedURL, let problem = urlProblem(url) {
            throw refuse(problem)
        }
        guard isToken(method) else {
            throw refuse("the method is not a valid HTTP token")
        }
        if let fields = request.allHTTPHeaderFields {
            try validate(fields, method: method, url: url.absoluteString)
        }
        if isGetOrHead(method) && (request.httpBody != nil || request.httpBodyStream != nil) {
            throw refuse("a \(method.uppercased()) request cannot carry a body")
        }
    }

    /// Why `url` cannot be requested, or `nil` when it can: it must be absolute http(s), with
    /// a host.
    static func urlProblem(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased() else {
            return "not an absolute http(s) URL: it has no scheme (a base URL must be absolute: add http:// or https://)"
        }
        guard scheme == "http" || scheme == "https" else {
            return "not an absolute http(s) URL: its scheme is \(scheme), and Quiver sends only http and https (for a host name, add http:// or https:// in front)"
        }
        guard let host = url.host, !host.isEmpty else {
            return "the URL has no host"
        }
        return nil
    }

    /// Checks header fields before they are put on a `URLRequest`, which silently drops a
    /// field whose value holds CR or LF: a header would be lost without a word.
    ///
    /// - Throws: ``QuiverError/invalidRequest(_:)`` naming the method, URL and the field.
    static func validate(_ fields: [String: String], method: String, url: @autoclosure () -> String) throws(QuiverError) {
        for (name, value) in fields {
            guard isToken(name) else {
                throw .invalidRequest("\(method) \(url()): the header name \(String(reflecting: name)) is not a valid HTTP token")
            }
            guard isFieldValue(value) else {
                if value == BasicAuthorization.refusedValue {
                    throw .invalidRequest("\(method) \(url()): basic authorization: the user name contains \":\", "
                                          + "which Basic authentication cannot carry (RFC 7617)")
                }
                throw .invalidRequest("\(method) \(url()): the value of header \(name) contains a control character (CR, LF or NUL)")
            }
        }
    }

    /// Whether `method` is `GET` or `HEAD`, in any case (``HTTPMethod/forbidsBody``), without
    /// making an uppercased copy: `method` is a token already, so setting the ASCII case bit
    /// only folds letters.
    private static func isGetOrHead(_ method: String) -> Bool {
        func matches(_ name: StaticString) -> Bool {
            let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            return method.utf8.elementsEqual(expected) { $0 | 0x20 == $1 | 0x20 }
        }
        return matches("GET") || matches("HEAD")
    }

    /// RFC 9110 `token`: visible ASCII except separators.
    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
                 UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
                 UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                return true
            default:
                return false
            }
        }
    }

    /// RFC 9110 field value: no control characters but horizontal tab.
    private static func isFieldValue(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
        }
    }
}
