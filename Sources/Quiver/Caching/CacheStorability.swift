/// Whether a private cache may store a response to a `GET` (RFC 9111 §3).
enum CacheStorability {
    /// The final statuses this cache understands (for `must-understand`, §5.2.2.3): those it
    /// can store and serve correctly.
    static let understood: Set<Int> = [200, 203, 204, 300, 301, 302, 303, 307, 308, 404, 405, 410, 414, 501]

    /// Whether a response with `statusCode` and `responseFields` to a request with the
    /// directives `request` may be stored:
    /// - neither side said `no-store` (a `must-understand` response of an understood status
    ///   overrides the response's `no-store`);
    /// - the status is final and not `206` (partial content is not stored: Quiver does not
    ///   combine ranges) nor `304`;
    /// - the response has an explicit expiry, is `public`, or has a status cacheable by default
    ///   (which then gets a heuristic freshness only with `Last-Modified`).
    ///
    /// `private` and a request's `Authorization` do not prevent it in a private cache; the cache
    /// files such responses under the request's credentials.
    static func mayStore(statusCode: Int, responseFields: [HTTPHeaderField], request: CacheControl) -> Bool {
        guard !request.noStore, (200..<600).contains(statusCode), statusCode != 206, statusCode != 304 else { return false }
        let control = CacheControl(responseFields: responseFields)
        if control.mustUnderstand {
            guard understood.contains(statusCode) else { return false }
        } else if control.noStore {
            return false
        }
        return CacheFreshness.hasExplicitExpiry(fields: responseFields, control: control) || control.isPublic
            || CacheFreshness.heuristicallyCacheable.contains(statusCode)
    }
}
