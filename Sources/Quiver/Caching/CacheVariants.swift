/// `Vary` (RFC 9111 §4.1): which stored response a request may select.
enum CacheVariants {
    /// The secondary key of a response with `responseFields` to a request with
    /// `requestFields`: for each field its `Vary` names (lowercased, each once), the digest of
    /// the request's value, normalised; `nil` for `Vary: *`, which no later request matches
    /// (such a response is not stored).
    static func key(responseFields: [HTTPHeaderField], requestFields: [HTTPHeaderField]) -> CacheVariantKey? {
        var names: [String] = []
        for field in responseFields where HeaderName.equal(field.name, "Vary") {
            for name in field.value.split(separator: ",") {
                let name = name.trimmingCharacters(in: .whitespaces).lowercased()
                guard !name.isEmpty else { continue }
                if name == "*" { return nil }
                if !names.contains(name) { names.append(name) }
            }
        }
        guard !names.isEmpty else { return CacheVariantKey.none }
        return CacheVariantKey(fields: names.map { field($0, of: requestFields) }, matchesNothing: false)
    }

    /// The entry of `entries` that a request with `requestFields` selects: the most recent
    /// whose variant key the request's own values match (§4.1).
    static func select(from entries: [CacheEntry], for requestFields: [HTTPHeaderField]) -> CacheEntry? {
        entries.filter { matches($0.variant, requestFields) }.max { $0.responseTime < $1.responseTime }
    }

    /// Whether a request with `requestFields` matches `variant`.
    static func matches(_ variant: CacheVariantKey, _ requestFields: [HTTPHeaderField]) -> Bool {
        guard !variant.matchesNothing else { return false }
        return variant.fields.allSatisfy { field($0.name, of: requestFields) == $0 }
    }

    /// Field `name` of a request as a variant key holds it: the digest of its normalised
    /// value, or `nil` when the request has none.
    private static func field(_ name: String, of requestFields: [HTTPHeaderField]) -> CacheVariantKey.Field {
        let values = requestFields.filter { HeaderName.equal($0.name, name) }.map(\.value)
        guard !values.isEmpty else { return CacheVariantKey.Field(name: name, value: nil) }
        return CacheVariantKey.Field(name: name, value: CacheDigest(of: normalized(values)))
    }

    /// Values as RFC 9110 §5.3 lets a recipient combine them: joined with `, `, each list
    /// member trimmed of the whitespace around it. Case is kept: it may matter.
    static func normalized(_ values: [String]) -> String {
        values.joined(separator: ",").split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ", ")
    }
}
