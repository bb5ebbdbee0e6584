/// The `Authorization` value a token plugin made last, kept with the scheme and token it was
/// made of, and shared by every copy of the plugin.
///
/// Most requests carry the token the request before them carried. Making the value (a copy of
/// a token of a few hundred bytes, a JWT's) and checking each of its bytes cost more than
/// comparing the token with the last one, which for a token the app keeps in memory is the
/// same string.
final class AuthorizationValues: Sendable {
    private let last = Locked<(scheme: String, token: String, value: String)?>(nil)

    /// `<scheme> <token>`, checked as a header value: Foundation silently drops a value
    /// holding CR or LF, where Quiver refuses the request.
    ///
    /// - Throws: ``QuiverError/invalidRequest(_:)`` naming `method` and `url` for a value that
    ///   is no valid header value; nothing is kept then.
    func value(scheme: String, token: String, method: @autoclosure () -> String,
               url: @autoclosure () -> String) throws(QuiverError) -> String {
        if let kept = last.withLock({ $0 }), kept.token == token, kept.scheme == scheme {
            return kept.value
        }
        let value = scheme + " " + token
        try RequestValidator.validate(value: value, ofHeader: "Authorization", method: method(), url: url())
        last.withLock { $0 = (scheme, token, value) }
        return value
    }
}
