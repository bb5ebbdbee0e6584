/// The secondary key of a stored response (RFC 9111 §4.1): for each header field its `Vary`
/// names, the digest of the value the request that got it sent (normalised as RFC 9110 allows),
/// or `nil` where the request did not send the field. Two requests select the same variant when
/// their keys are equal.
struct CacheVariantKey: Sendable, Hashable {
    /// One field a response varies on.
    struct Field: Sendable, Hashable {
        /// The field name, lowercased.
        let name: String
        /// The digest of the request's normalised value; `nil` when the field was absent.
        let value: CacheDigest?
    }

    /// The fields, in the order `Vary` names them, each name once.
    let fields: [Field]
    /// Whether `Vary` contained `*`: such a response never matches a later request.
    let matchesNothing: Bool

    /// The key of a response that varies on nothing.
    static let none = CacheVariantKey(fields: [], matchesNothing: false)
}
