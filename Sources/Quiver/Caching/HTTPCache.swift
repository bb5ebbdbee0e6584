import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A provider's HTTP cache: a private cache by RFC 9111, in memory or in a directory you name,
/// on every transport and in stub mode alike.
///
/// ```swift
/// let provider = Provider<GitHub>(cache: HTTPCache())          // 10 MiB in memory
/// let kept = Provider<GitHub>(cache: HTTPCache(directory: cachesFolder, capacity: 50 << 20))
/// ```
///
/// It sits between the plugins and the transport, so it sees each request as it goes on the
/// wire (after the plugins added their header fields) and a stub or any transport answers its
/// misses. A `GET` whose stored response is fresh is answered without a request
/// (``Response/Source/cache(age:)``); a stale one is revalidated with `If-None-Match` or
/// `If-Modified-Since`, and a `304` gives back the stored body with updated header fields
/// (``Response/Source/revalidated``). What it follows of RFC 9111, and where it chooses, is in
/// the Caching article.
///
/// **Whose answer.** A provider on a server often acts for many users, so responses are kept
/// apart by the credentials of the request that got them: the values of its `Authorization`,
/// `Proxy-Authorization` and `Cookie` fields (the transport's own cookies included, see
/// ``HTTPTransport/cookieHeader(for:)``) and of every other header field ``Redaction`` keeps
/// secret. A response is served only to a request with the same credentials, or with none when
/// it had none. The cache keeps only digests of the URL, the credentials and the values a
/// response varies on: no secret is stored in clear, in memory or on disk. `Set-Cookie` is never
/// stored.
///
/// **Bounds.** Memory and directory are bounded in bytes; the least recently used entries go
/// first. A stored body larger than a target's ``BodySizeLimits`` fails as the network would,
/// with ``ResponseTooLarge``. Downloads to a file and streams are never cached.
public final class HTTPCache: Sendable {
    /// Where the entries are kept.
    let store: any CacheStore
    /// The current time; tests move it.
    let clock: @Sendable () -> Date
    /// Resources being revalidated in the background (`stale-while-revalidate`), so that one
    /// stale entry starts one revalidation, however many requests it answers meanwhile.
    let revalidating = Locked<Set<CacheKey>>([])

    /// Creates a cache that keeps responses in memory.
    ///
    /// - Parameter memoryCapacity: The most bytes it keeps: each response's body and header
    ///   fields, and about 1 KiB for the cache's own record of it; defaults to 10 MiB.
    public convenience init(memoryCapacity: Int = 10 * 1024 * 1024) {
        self.init(store: MemoryCacheStore(capacity: max(0, memoryCapacity)))
    }

    /// Creates a cache that keeps responses in files in `directory`, which it creates (owner
    /// only) on the first response it stores. Several providers, and several processes, may
    /// share one directory.
    ///
    /// - Parameters:
    ///   - directory: The directory; use one of its own, for Quiver removes files of its own
    ///     format there (and never others).
    ///   - capacity: The most bytes its files take; defaults to 100 MiB.
    public convenience init(directory: URL, capacity: Int = 100 * 1024 * 1024) {
        self.init(store: DiskCacheStore(directory: directory, capacity: max(0, capacity)))
    }

    /// Creates a cache on `store`, reading the time from `clock`.
    init(store: any CacheStore, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.clock = clock
    }

    /// The bytes the stored responses take, as counted against the capacity.
    public var byteCount: Int {
        store.byteCount
    }

    /// Removes every stored response.
    public func removeAll() {
        store.removeAll()
    }

    /// Removes the responses stored for `url`, whoever's request got them.
    ///
    /// - Parameter url: The URL, as requested.
    public func removeResponses(for url: URL) {
        store.removeEntries(of: Self.resource(of: url))
    }
}

extension HTTPCache {
    /// How a call uses the cache: the target's policy, and what ``Provider/cachedThenFresh(for:)`` asks.
    struct Rule: Sendable {
        /// The target's policy (``CachePolicyProviding``), else `.useProtocolCachePolicy`.
        var policy: URLRequest.CachePolicy = .useProtocolCachePolicy
        /// The target's ``CachePolicyProviding/staleIfError``.
        var staleIfError: TimeInterval?
        /// Given the stored response before the request is sent, when the call shows it first.
        var showStored: (@Sendable (Response) -> Void)?
    }

    /// The digest of the resource `url` names, for `GET` (the only method whose responses are
    /// stored): scheme and host lowercased, a default port and an empty path normalised (RFC
    /// 9110 §4.2.3), the fragment dropped.
    static func resource(of url: URL) -> CacheDigest {
        let text = url.absoluteString
        return isNormalized(text) ? CacheDigest(of: "GET " + text) : CacheDigest(of: "GET " + normalized(url))
    }

    /// `url` normalised as ``resource(of:)`` says, through `URLComponents`.
    static func normalized(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return url.absoluteString
        }
        parts.scheme = parts.scheme?.lowercased()
        parts.host = parts.host?.lowercased()
        if (parts.scheme == "http" && parts.port == 80) || (parts.scheme == "https" && parts.port == 443) {
            parts.port = nil
        }
        if parts.percentEncodedPath.isEmpty {
            parts.percentEncodedPath = "/"
        }
        parts.fragment = nil
        return parts.string ?? url.absoluteString
    }

    /// Whether ``normalized(_:)`` would give `text` back as it is, seen without parsing it: a
    /// scheme of lowercase letters, digits, `+`, `-` and `.`, then `://`, a host of lowercase
    /// letters, digits, `-` and `.` (no user), a port only when it is not the scheme's default
    /// (digits, no leading zero), a path that starts with `/`, and no fragment. Most requests'
    /// URLs are so; they skip `URLComponents`.
    static func isNormalized(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count, bytes[index] != 0x3A {   // :
            let byte = bytes[index]
            guard ASCII.isLowercaseLetter(byte) || ASCII.isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else {
                return false
            }
            index += 1
        }
        let scheme = bytes[0..<index]
        guard !scheme.isEmpty, index + 2 < bytes.count, bytes[index + 1] == 0x2F, bytes[index + 2] == 0x2F else { return false }
        index += 3
        let hostStart = index
        while index < bytes.count, bytes[index] != 0x2F, bytes[index] != 0x3A {
            let byte = bytes[index]
            guard ASCII.isLowercaseLetter(byte) || ASCII.isDigit(byte) || byte == 0x2D || byte == 0x2E else { return false }
            index += 1
        }
        guard index > hostStart, index < bytes.count else { return false }   // a host, then a port or a path
        if bytes[index] == 0x3A {
            index += 1
            var port = 0
            let portStart = index
            while index < bytes.count, ASCII.isDigit(bytes[index]), index - portStart < 5 {
                port = port * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            guard index > portStart, bytes[portStart] != 0x30, port <= 65_535, index < bytes.count, bytes[index] == 0x2F,
                  !(scheme.elementsEqual("http".utf8) && port == 80), !(scheme.elementsEqual("https".utf8) && port == 443) else {
                return false
            }
        }
        return !bytes[index...].contains(0x23)   // #
    }

    /// The identity of a request that carries no credentials.
    private static let anonymous = CacheDigest(of: "")

    /// The digest of the credentials among `fields`: each field ``Redaction`` keeps secret, by
    /// lowercased name and value, in a fixed order.
    static func identity(of fields: [HTTPHeaderField]) -> CacheDigest {
        let redactor = Redaction.defaultRedactor
        let secrets = fields.filter { redactor.isListed($0.name) }
        guard !secrets.isEmpty else { return anonymous }
        return CacheDigest(of: secrets.map { $0.name.lowercased() + "\u{0}" + $0.value }.sorted().joined(separator: "\u{1}"))
    }

    /// The header fields `request` goes out with: its own and the transport's cookies.
    static func fields(of request: TransportRequest, cookies: String?) -> [HTTPHeaderField] {
        var fields = (request.head.allHTTPHeaderFields ?? [:])
            .map { HTTPHeaderField(name: $0.key, value: $0.value) }
        if let cookies, !cookies.isEmpty {
            fields.append(HTTPHeaderField(name: "Cookie", value: cookies))
        }
        return fields
    }
}
