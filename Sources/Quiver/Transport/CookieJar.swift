import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The cookies a ``URLSessionTransport`` keeps: set by responses (`Set-Cookie`, redirects
/// included) and sent only where RFC 6265 allows, by domain, path, `Secure` and expiry.
///
/// Each transport has a jar of its own, in memory, unless it is given one: cookies are never
/// written to disk and never shared between transports (or the providers on them) unless you
/// ask. To share a jar, pass one to several transports; to keep cookies across launches, make
/// the jar on an `HTTPCookieStorage` (which stores them, while the jar still decides where they
/// are sent); to keep no cookies at all, pass `nil`:
///
/// ```swift
/// let jar = CookieJar()
/// let api = Provider<API>(transport: URLSessionTransport(cookies: jar))
/// let auth = Provider<Auth>(transport: URLSessionTransport(cookies: jar))    // shares the cookies
/// let kept = URLSessionTransport(cookies: CookieJar(storage: .shared))       // persisted by Foundation
/// let none = URLSessionTransport(cookies: nil)
/// ```
///
/// What it follows of RFC 6265: a cookie without `Domain` goes back to its host only; with
/// `Domain`, to that domain and its subdomains, and only if the host that set it is within it
/// (a `Domain` on an IP address or without a dot is refused, as there is no public suffix
/// list); `Path` defaults to the directory of the request's path and matches whole segments;
/// `Secure` cookies go over `https` only; `Max-Age` wins over `Expires`, and an expired cookie
/// is dropped. `HttpOnly` and `SameSite` have no meaning outside a browser. A cookie of more
/// than 4096 bytes is ignored, and so is a `Set-Cookie` line holding a control character (a
/// line end, a NUL) other than a tab, and the jar keeps at most 3000, dropping the oldest.
///
/// **Cost.** An empty jar costs a request one lock and one check; a full one, a pass over its
/// cookies.
public final class CookieJar: Sendable {
    /// One cookie, as RFC 6265 section 5.3 stores it.
    struct Cookie: Sendable, Equatable {
        var name: String
        var value: String
        /// Lowercased, without a leading dot.
        var domain: String
        var hostOnly: Bool
        var path: String
        var secure: Bool
        var expires: Date?
    }

    private let cookies = Locked([Cookie]())
    /// Where cookies are kept instead of ``cookies``, when given.
    private let storage: HTTPCookieStorage?

    /// The most cookies a jar keeps.
    static let capacity = 3000
    /// The largest cookie (name and value) a jar accepts, in bytes.
    static let largestCookie = 4096

    /// Creates an empty jar, in memory.
    public init() {
        storage = nil
    }

    /// Creates a jar that keeps its cookies in `storage` (for example `HTTPCookieStorage.shared`,
    /// which Foundation persists to disk), and still sends each only where RFC 6265 allows.
    ///
    /// - Parameter storage: Where the cookies are kept.
    public init(storage: HTTPCookieStorage) {
        self.storage = storage
    }

    /// Whether the jar holds no cookie: what a request costs when it does is one lock.
    var isEmpty: Bool {
        if let storage { return storage.cookies?.isEmpty ?? true }
        return cookies.withLock { $0.isEmpty }
    }

    /// The value of the `Cookie` header for a request to `url`, or `nil` when no cookie goes there.
    ///
    /// - Parameter url: Where the request goes.
    /// - Returns: `name=value` pairs joined by `; `, longest paths first.
    public func cookieHeader(for url: URL) -> String? {
        let all = storage.map { $0.cookies?.compactMap(Self.cookie(from:)) ?? [] } ?? cookies.withLock { $0 }
        guard !all.isEmpty, let host = url.host?.lowercased() else { return nil }
        let secure = url.scheme?.lowercased() == "https"
        let path = url.path.isEmpty ? "/" : url.path
        let now = Date()
        let sent = all.filter { cookie in
            (cookie.expires.map { $0 > now } ?? true)
                && (!cookie.secure || secure)
                && (cookie.hostOnly ? host == cookie.domain : Self.domain(host, matches: cookie.domain))
                && Self.path(path, matches: cookie.path)
        }
        guard !sent.isEmpty else { return nil }
        // Longest paths first; a stable sort keeps the older first among equals.
        let ordered = sent.enumerated().sorted { ($0.element.path.count, $1.offset) > ($1.element.path.count, $0.offset) }
        return ordered.map { "\($0.element.name)=\($0.element.value)" }.joined(separator: "; ")
    }

    /// Stores the cookies that `Set-Cookie` header lines set in a response from `url`, ignoring
    /// those RFC 6265 tells a user agent to ignore.
    ///
    /// - Parameters:
    ///   - lines: The `Set-Cookie` values, one cookie each.
    ///   - url: Where the response came from.
    public func store(setCookie lines: [String], from url: URL) {
        guard let host = url.host?.lowercased(), !lines.isEmpty else { return }
        let parsed = lines.compactMap { Self.parse($0, host: host, requestPath: url.path) }
        guard !parsed.isEmpty else { return }
        if let storage {
            for cookie in parsed {
                if let stored = Self.httpCookie(from: cookie) { storage.setCookie(stored) }
            }
            return
        }
        let now = Date()
        cookies.withLock { jar in
            for cookie in parsed {
                jar.removeAll { $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path }
                if cookie.expires.map({ $0 > now }) ?? true {
                    jar.append(cookie)
                }
            }
            jar.removeAll { $0.expires.map { $0 <= now } ?? false }
            if jar.count > Self.capacity {
                jar.removeFirst(jar.count - Self.capacity)
            }
        }
    }

    /// Stores the cookies `response` sets; its `Set-Cookie` lines may have been joined by `, `.
    func store(from response: HTTPURLResponse) {
        // Most responses set no cookie: one header lookup, then nothing.
        guard let joined = response.value(forHTTPHeaderField: "Set-Cookie"), let url = response.url else { return }
        store(setCookie: Self.split(joined), from: url)
    }

    /// Sets the `Cookie` header of `request`: `own` (the header the caller or a plugin set) and
    /// then the jar's cookies for its URL.
    func apply(to request: inout URLRequest, own: String?) {
        let jar = request.url.flatMap(cookieHeader(for:))
        let joined = [own, jar].compactMap { $0 }.joined(separator: "; ")
        let value = joined.isEmpty ? nil : joined
        if request.value(forHTTPHeaderField: "Cookie") != value {
            // Only when it differs: changing a request copies it whole.
            request.setValue(value, forHTTPHeaderField: "Cookie")
        }
    }

    /// Stores the cookies of the redirect `response` and sets the `Cookie` header of `next`, the
    /// request that follows it: the caller's own `Cookie` (`own`, learned from `next` at the
    /// first hop when the jar added nothing before it) unless ``Redirect`` dropped it for
    /// another origin, then the jar's for the new URL.
    func follow(_ response: HTTPURLResponse, with next: inout URLRequest, own: inout String??) {
        store(from: response)
        let header = next.value(forHTTPHeaderField: "Cookie")
        let kept: String?
        if case .some(let known) = own {
            kept = header == nil ? nil : known
        } else {
            kept = header
            own = .some(header)
        }
        apply(to: &next, own: kept)
    }

    /// Removes every cookie.
    public func removeAll() {
        if let storage {
            for cookie in storage.cookies ?? [] { storage.deleteCookie(cookie) }
        }
        cookies.withLock { $0.removeAll() }
    }

    // MARK: RFC 6265

    /// Splits `Set-Cookie` lines that were joined by commas: a comma starts a new cookie only
    /// when what follows it, up to the next `;`, holds a `=` (an `Expires` date's comma does not).
    static func split(_ joined: String) -> [String] {
        var lines: [String] = []
        for piece in pieces(joined[...], at: ",") {
            let head = piece.unicodeScalars.prefix { $0 != ";" }
            if lines.isEmpty || head.contains("=") {
                lines.append(String(piece).trimmingCharacters(in: .whitespaces))
            } else {
                lines[lines.count - 1] += "," + piece
            }
        }
        return lines
    }

    /// The cookie one `Set-Cookie` line sets for a response from `host` to `requestPath`, or
    /// `nil` when RFC 6265 section 5.3 says to ignore it.
    static func parse(_ line: String, host: String, requestPath: String) -> Cookie? {
        // RFC 6265bis 5.6: a line holding a control character other than a tab is ignored whole,
        // so that no cookie can put a line end or a NUL into the `Cookie` header it is sent in.
        guard !line.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else { return nil }
        let parts = pieces(line[...], at: ";")
        guard let pair = parts.first, let (name, value) = nameAndValue(pair) else { return nil }
        guard !name.isEmpty, name.utf8.count + value.utf8.count <= largestCookie else { return nil }
        var cookie = Cookie(name: name, value: value, domain: host, hostOnly: true,
                            path: defaultPath(of: requestPath), secure: false, expires: nil)
        var maxAge: Date?
        for attribute in parts.dropFirst() {
            let (key, argument) = split(attribute: attribute)
            switch key {
            case "expires":
                if maxAge == nil, let date = HTTPDate.parse(argument) { cookie.expires = date }
            case "max-age":
                guard let seconds = Int(argument) else { continue }
                maxAge = seconds <= 0 ? Date.distantPast : Date().addingTimeInterval(TimeInterval(seconds))
                cookie.expires = maxAge
            case "domain":
                var domain = argument.lowercased()
                if domain.hasPrefix(".") { domain.removeFirst() }
                if domain.isEmpty { continue }
                guard domain == host || (domain.contains(".") && !isIPAddress(host) && Self.domain(host, matches: domain))
                else { return nil }
                cookie.domain = domain
                cookie.hostOnly = false
            case "path":
                cookie.path = argument.hasPrefix("/") ? argument : defaultPath(of: requestPath)
            case "secure":
                cookie.secure = true
            default:
                continue
            }
        }
        return cookie
    }

    private static func split(attribute: Substring) -> (key: String, argument: String) {
        guard let (key, argument) = nameAndValue(attribute) else {
            return (attribute.trimmingCharacters(in: .whitespaces).lowercased(), "")
        }
        return (key.lowercased(), argument)
    }

    /// `text` cut at every `separator`, by Unicode scalar: RFC 6265 reads octets, so a `;`, `,`
    /// or `=` followed by a combining mark (one `Character` with it) still separates.
    private static func pieces(_ text: Substring, at separator: Unicode.Scalar) -> [Substring] {
        text.unicodeScalars.split(separator: separator, omittingEmptySubsequences: false).map(Substring.init)
    }

    /// `text` split at its first `=` scalar, both sides trimmed of white space; `nil` without one.
    private static func nameAndValue(_ text: Substring) -> (String, String)? {
        let scalars = text.unicodeScalars
        guard let equals = scalars.firstIndex(of: "=") else { return nil }
        return (Substring(scalars[..<equals]).trimmingCharacters(in: .whitespaces),
                Substring(scalars[scalars.index(after: equals)...]).trimmingCharacters(in: .whitespaces))
    }

    /// RFC 6265 5.1.4: the directory of the request's path.
    static func defaultPath(of path: String) -> String {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// RFC 6265 5.1.4 path-match.
    static func path(_ requestPath: String, matches cookiePath: String) -> Bool {
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return requestPath.count == cookiePath.count || cookiePath.hasSuffix("/")
            || requestPath.dropFirst(cookiePath.count).hasPrefix("/")
    }

    /// RFC 6265 5.1.3 domain-match (for a host that is not an IP address).
    static func domain(_ host: String, matches domain: String) -> Bool {
        host == domain || (host.hasSuffix("." + domain) && !isIPAddress(host))
    }

    private static func isIPAddress(_ host: String) -> Bool {
        host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
    }

    // MARK: HTTPCookieStorage

    private static func httpCookie(from cookie: Cookie) -> HTTPCookie? {
        var properties: [HTTPCookiePropertyKey: Any] = [
            .name: cookie.name, .value: cookie.value, .path: cookie.path,
            // A leading dot marks a cookie for the domain and its subdomains.
            .domain: cookie.hostOnly ? cookie.domain : "." + cookie.domain,
        ]
        if cookie.secure { properties[.secure] = "TRUE" }
        if let expires = cookie.expires { properties[.expires] = expires }
        return HTTPCookie(properties: properties)
    }

    private static func cookie(from stored: HTTPCookie) -> Cookie? {
        let hostOnly = !stored.domain.hasPrefix(".")
        let domain = hostOnly ? stored.domain.lowercased() : String(stored.domain.dropFirst()).lowercased()
        return Cookie(name: stored.name, value: stored.value, domain: domain, hostOnly: hostOnly,
                      path: stored.path, secure: stored.isSecure, expires: stored.expiresDate)
    }
}
