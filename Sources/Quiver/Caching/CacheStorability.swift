/// Whether a private cache may store a response (RFC 9111 §3).
enum CacheStorability {
    /// The final statuses this cache understands (for `must-understand`, §5.2.2.3): those it
    /// can store and serve correctly. Not `206` (ranges are not combined) nor `304`.
    static let understood: Set<Int> = [200, 203, 204, 300, 301, 302, 303, 307, 308, 404, 405, 410, 414, 501]

    /// Whether a response to a request with `method` may be stored: only a `GET`'s (§3: the
    /// method must be understood; this cache serves `GET` only). A `HEAD` response is never
    /// stored, it only freshens a stored `GET` response (§4.3.5, ``CacheValidation``).
    static func mayStore(method: String, statusCode: Int, responseFields: [HTTPHeaderField], request: CacheControl) -> Bool {
        method == "GET" && mayStore(statusCode: statusCode, responseFields: responseFields, request: request)
    }

    /// Whether a response with `statusCode` and `responseFields` to a `GET` with the
    /// directives `request` may be stored:
    /// - neither side said `no-store` (§5.2.1.5, §5.2.2.5), except that a `must-understand`
    ///   response of an understood status overrides the response's `no-store` (§5.2.2.3);
    /// - the status is final (`200`…`599`), and understood where §3 asks (`must-understand`);
    /// - it is not partial: not `206`, and no `Content-Range` (§3.3: a cache that does not
    ///   combine ranges must not store partial content; Quiver does not), nor a `304`;
    /// - the response has an explicit expiry (`max-age`, `Expires`, even an invalid one), is
    ///   `public` or `private` (which, for a private cache, allows storing), or has a status
    ///   cacheable by default (which then gets a heuristic freshness only with
    ///   `Last-Modified`, else is stored stale, to be revalidated).
    ///
    /// `private` and a request's `Authorization` do not prevent it in a private cache (§3.5 is
    /// for shared caches); the cache files such responses under the request's credentials.
    /// `Vary: *` is decided by ``CacheVariants``, which gives such a response no key: it is not
    /// stored, since no request could select it (§4.1).
    static func mayStore(statusCode: Int, responseFields: [HTTPHeaderField], request: CacheControl) -> Bool {
        guard !request.noStore, (200..<600).contains(statusCode), statusCode != 206, statusCode != 304,
              !responseFields.contains(where: { HeaderName.equal($0.name, "Content-Range") }) else { return false }
        let control = CacheControl(responseFields: responseFields)
        if control.mustUnderstand {
            guard understood.contains(statusCode) else { return false }
        } else if control.noStore {
            return false
        }
        return CacheFreshness.hasExplicitExpiry(fields: responseFields, control: control) || control.isPublic
            || control.isPrivate || CacheFreshness.heuristicallyCacheable.contains(statusCode)
    }
}
