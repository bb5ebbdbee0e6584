import Foundation

/// How Quiver follows redirects: the rules ``URLSessionTransport`` applies, for a transport of
/// your own that follows redirects itself (`AsyncHTTPClientTransport` applies them too).
///
/// - A `303` (of anything but `HEAD`), and a `301`/`302` of a `POST`, become a `GET` without a
///   body; a `307`/`308` repeats the method and the body.
/// - Leaving the origin (scheme, host and port) drops the credential header fields
///   (`Authorization`, `Proxy-Authorization`, `Cookie`), for the rest of the chain.
/// - Only an http(s) `Location` is followed.
///
/// ```swift
/// guard let next = RedirectRules.destination(ofLocation: location, from: url) else { return response }
/// if RedirectRules.becomesGet(statusCode: status, method: method) { method = .get; body = nil }
/// if !RedirectRules.isSameOrigin(url, next) { headers = headers.filter { !RedirectRules.isCredential(headerField: $0.key) } }
/// ```
public enum RedirectRules {
    /// The header fields that carry credentials and never leave their origin.
    public static let credentialHeaderFields = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// Whether the header field `name` carries credentials (one of ``credentialHeaderFields``,
    /// in any case).
    ///
    /// - Parameter name: A header field's name.
    public static func isCredential(headerField name: String) -> Bool {
        credentialHeaderFields.contains { HeaderName.equal($0, name) }
    }

    /// Whether `first` and `second` have the same origin: scheme and host compared in any
    /// case, and the port, the scheme's default when the URL names none. ``CredentialsPlugin``
    /// and ``AuthenticationPlugin`` scope credentials by the same rule.
    ///
    /// - Parameters:
    ///   - first: A URL.
    ///   - second: Another URL.
    public static func isSameOrigin(_ first: URL, _ second: URL) -> Bool {
        Origin(first) == Origin(second)
    }

    /// Whether a redirect with `statusCode` repeats the method and the body (`307`, `308`).
    ///
    /// - Parameter statusCode: The redirect's status code.
    public static func keepsMethodAndBody(statusCode: Int) -> Bool {
        statusCode == 307 || statusCode == 308
    }

    /// Whether a redirect with `statusCode` turns a request with `method` into a `GET` without
    /// a body: a `303` of anything but `HEAD`, a `301` or `302` of a `POST`.
    ///
    /// - Parameters:
    ///   - statusCode: The redirect's status code.
    ///   - method: The method of the request redirected.
    public static func becomesGet(statusCode: Int, method: HTTPMethod) -> Bool {
        (statusCode == 303 && method != .head) || ((statusCode == 301 || statusCode == 302) && method == .post)
    }

    /// The absolute URL a `Location` value leads to from `url`, or `nil` when it is not an
    /// http(s) URL (which is not followed).
    ///
    /// - Parameters:
    ///   - location: The `Location` header's value, absolute or relative.
    ///   - url: The URL of the request redirected.
    public static func destination(ofLocation location: String, from url: URL) -> URL? {
        guard let target = URL(string: location, relativeTo: url)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return target
    }
}
