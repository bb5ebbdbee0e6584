/// `Vary` (RFC 9111 §4.1): which stored response a request may select.
enum CacheVariants {
    /// The secondary key of a response with `responseFields` to a request with
    /// `requestFields`: for each field its `Vary` names (lowercased, each once, in order), the
    /// digest of the request's value, normalised (``normalized(_:)``; values may be secrets,
    /// `Vary: Authorization`, so only digests are kept); `nil` for `Vary: *`, which no later
    /// request matches (§4.1): such a response is not stored.
    static func key(responseFields: [HTTPHeaderField], requestFields: [HTTPHeaderField]) -> CacheVariantKey? {
        var names: [String] = []
        for field in responseFields where HeaderName.equal(field.name, "Vary") {
            for name in CacheControl.fieldNames(field.value) {
                if name == "*" { return nil }
                if !names.contains(name) { names.append(name) }
            }
        }
        guard !names.isEmpty else { return CacheVariantKey.none }
        return CacheVariantKey(fields: names.map { field($0, of: requestFields) }, matchesNothing: false)
    }

    /// The entry of `entries` that a request with `requestFields` selects: of those whose
    /// variant key the request's own values match (§4.1), the most recent by its `Date` (§4:
    /// "as determined by the Date header field"), then by when it was received.
    static func select(from entries: [CacheEntry], for requestFields: [HTTPHeaderField]) -> CacheEntry? {
        entries.filter { matches($0.variant, requestFields) }.max(by: isOlder)
    }

    /// Whether `first` is older than `second`: by `Date` (the time received standing in for a
    /// missing or invalid one), then by the time received.
    static func isOlder(_ first: CacheEntry, _ second: CacheEntry) -> Bool {
        let firstDate = CacheFreshness.date(named: "Date", in: first.headerFields, near: first.responseTime) ?? first.responseTime
        let secondDate = CacheFreshness.date(named: "Date", in: second.headerFields, near: second.responseTime) ?? second.responseTime
        return firstDate != secondDate ? firstDate < secondDate : first.responseTime < second.responseTime
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

    /// Values as RFC 9110 §5.3 lets a recipient combine them and RFC 9111 §4.1 lets a cache
    /// normalise them: the field lines joined, split into list members at the commas outside
    /// quoted strings, each member trimmed of the whitespace around it, empty members dropped
    /// (RFC 9110 §5.6.1), and the members joined with `, `; read by Unicode scalar, so a
    /// combining mark never hides a comma or a quote. Nothing else changes: not the
    /// case (it may matter), not the order, not the text of a quoted string.
    static func normalized(_ values: [String]) -> String {
        var members: [String] = []
        for value in values {
            var member = ""
            var quoted = false
            var escaped = false
            for scalar in value.unicodeScalars {
                if escaped {
                    escaped = false
                } else if quoted, scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    quoted.toggle()
                } else if scalar == ",", !quoted {
                    members.append(member)
                    member = ""
                    continue
                }
                member.unicodeScalars.append(scalar)
            }
            members.append(member)
        }
        return members.map(CacheControl.trimmed).filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
