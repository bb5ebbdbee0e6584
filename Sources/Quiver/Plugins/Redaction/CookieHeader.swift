import Foundation

/// The cookies of a `Cookie` or `Set-Cookie` header value, for redaction.
///
/// `Cookie: a=1; session=SECRET` holds two cookies. `Set-Cookie: session=SECRET; Path=/; HttpOnly`
/// holds one, followed by attributes; a `Set-Cookie` value joined from several headers
/// (`HTTPURLResponse` joins them with `, `) holds several, each with its attributes. The comma
/// inside `Expires=Wed, 21 Oct 2015 07:28:00 GMT` does not start a cookie: a cookie starts only
/// where the text up to the next `;` is a `name=value` pair.
enum CookieHeader {
    /// Whether a header name is `Cookie` or `Set-Cookie`, whatever its case.
    static func isCookieHeader(_ name: String) -> Bool {
        name.utf8.count <= 10 && (name.lowercased() == "cookie" || name.lowercased() == "set-cookie")
    }

    /// Every cookie's name and value in `value`, attributes left out.
    ///
    /// - Parameters:
    ///   - value: The header's value.
    ///   - isSetCookie: Whether the header is `Set-Cookie` (a cookie, then attributes) rather
    ///     than `Cookie` (only cookies).
    static func cookies(in value: String, isSetCookie: Bool) -> [(name: String, value: String)] {
        // Split scalar by scalar: a `;`, `,` or `=` that a combining mark follows is one
        // character with it, and a split by character would pass over it.
        let scalars = value.unicodeScalars
        if !isSetCookie {
            return scalars.split(separator: ";").compactMap(pair)
        }
        var cookies: [(name: String, value: String)] = []
        for piece in scalars.split(separator: ",") {
            // A piece whose first part is no `name=value` continues the previous cookie's
            // attributes (the date of `Expires`).
            let first = piece.prefix { $0 != ";" }
            if let cookie = pair(first) {
                cookies.append(cookie)
            }
        }
        return cookies
    }

    /// `name=value`, trimmed, with a name that is an HTTP token; otherwise `nil`.
    private static func pair(_ text: Substring.UnicodeScalarView) -> (name: String, value: String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let name = String(Substring(text[..<equals])).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
        let value = String(Substring(text[text.index(after: equals)...])).trimmingCharacters(in: .whitespaces)
        return (name, value)
    }
}
