/// Where the cache files a response (RFC 9111 §2, the primary key): the resource (method and
/// target URI) and whose request it answered. Both are digests, so neither a URL's secret query
/// value nor a credential is held in clear.
struct CacheKey: Sendable, Hashable {
    /// The digest of the request method and the target URI. Invalidating a URI removes every
    /// entry under it, whoever asked.
    let resource: CacheDigest
    /// The digest of the request's credentials (the values of its secret header fields:
    /// `Authorization`, `Proxy-Authorization`, `Cookie` and the others ``Redaction`` lists),
    /// or of nothing: a response is served only to a request with the same credentials.
    let identity: CacheDigest
}
