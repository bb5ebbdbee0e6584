import Foundation

/// Revalidation (RFC 9111 §4.3): the conditions a cache sends, and how a `304` or a `HEAD`
/// response updates what it stores (§3.2, §4.3.4, §4.3.5).
enum CacheValidation {
    /// The header fields that make a request conditional: one carrying any is the caller's own
    /// conditional request, which the cache passes on as it is.
    static let preconditions: Set<String> = ["if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range"]

    /// The fields a cache never stores (§3.1): the hop-by-hop ones (RFC 9110 §7.6.1, and
    /// `Trailer`, since trailer fields are not stored), those of the proxy a request went
    /// through (`Proxy-Authenticate`, `Proxy-Authentication-Info`, `Proxy-Authorization`, a
    /// MUST NOT), and `Set-Cookie`, never replayed into a cookie jar.
    static let unstored: [String] = ["connection", "keep-alive", "proxy-connection", "te", "transfer-encoding",
                                        "upgrade", "set-cookie", "set-cookie2", "proxy-authenticate",
                                        "proxy-authentication-info", "proxy-authorization", "trailer"]

    /// The fields a `304` or `HEAD` response never replaces in a stored one: the stored body's
    /// own length and framing (§3.2).
    static let kept: Set<String> = ["content-length", "content-encoding", "content-range", "transfer-encoding"]

    /// Whether header field `name` makes a request conditional.
    static func isPrecondition(_ name: String) -> Bool {
        preconditions.contains(name.lowercased())
    }

    /// `fields` as a cache stores them (§3.1): without ``unstored`` and the fields `Connection`
    /// names. Everything else is kept, in order, unknown fields too.
    static func storedFields(of fields: [HTTPHeaderField]) -> [HTTPHeaderField] {
        let connectionNames = fields.filter { HeaderName.equal($0.name, "Connection") }
            .flatMap { CacheControl.fieldNames($0.value) }
        // Compared ignoring case, without a lowercased copy of each name.
        return fields.filter { field in
            !unstored.contains { HeaderName.equal($0, field.name) }
                && !connectionNames.contains { HeaderName.equal($0, field.name) }
        }
    }

    /// The conditions that revalidate `entry` (§4.3.1): `If-None-Match` with its entity tag,
    /// and `If-Modified-Since` with its `Last-Modified`; none when it has neither validator. A
    /// validator holding a control character (a line end) is never sent: a server's answer
    /// cannot add a line to a request.
    static func conditions(for entry: CacheEntry) -> [HTTPHeaderField] {
        var conditions: [HTTPHeaderField] = []
        if let tag = value("ETag", in: entry.headerFields), isSendable(tag) {
            conditions.append(HTTPHeaderField(name: "If-None-Match", value: tag))
        }
        if let modified = value("Last-Modified", in: entry.headerFields), isSendable(modified) {
            conditions.append(HTTPHeaderField(name: "If-Modified-Since", value: modified))
        }
        return conditions
    }

    /// Whether `value` may stand in a header field: no control character but a tab.
    private static func isSendable(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7f) }
    }

    /// The conditions that revalidate the stored variants `entries` of one resource together
    /// (§4.3.1, §4.3.2): `If-None-Match` with every entity tag they hold, each once, in order,
    /// and `If-Modified-Since` with the most recent one's `Last-Modified`, else its `Date` (RFC
    /// 9110 §13.1.3 allows it when there is no `Last-Modified`). A `304` then says which
    /// variant it confirms: ``selected(by:among:)``. Values with a control character are left out.
    static func conditions(forVariants entries: [CacheEntry]) -> [HTTPHeaderField] {
        var conditions: [HTTPHeaderField] = []
        var tags: [String] = []
        for entry in entries {
            if let tag = value("ETag", in: entry.headerFields), isSendable(tag), !tags.contains(tag) {
                tags.append(tag)
            }
        }
        if !tags.isEmpty {
            conditions.append(HTTPHeaderField(name: "If-None-Match", value: tags.joined(separator: ", ")))
        }
        if let latest = entries.max(by: CacheVariants.isOlder),
           let date = value("Last-Modified", in: latest.headerFields) ?? value("Date", in: latest.headerFields),
           isSendable(date) {
            conditions.append(HTTPHeaderField(name: "If-Modified-Since", value: date))
        }
        return conditions
    }

    /// `entry` updated by a `304` with `fields`, received for a request sent at `requestTime`,
    /// at `responseTime`; `nil` when the `304` does not select it (``selects(_:_:)``).
    ///
    /// The fields are merged as §3.2 says (``merged(_:with:)``). The entry's `Date` and `Age`
    /// then describe the `304`, whose times the entry takes: its own `Date`, else the time it
    /// was received (RFC 9110 §6.6.1: a cache adds the `Date` a response lacks) in place of the
    /// stored one, and its own `Age`, else none. Keeping the first response's would age the
    /// revalidated entry by the time between the two.
    static func updated(_ entry: CacheEntry, by fields: [HTTPHeaderField], requestTime: Date, responseTime: Date) -> CacheEntry? {
        guard selects(fields, entry) else { return nil }
        return entry.revised(headerFields: retimed(merged(entry.headerFields, with: fields), by: fields, receivedAt: responseTime),
                             requestTime: requestTime, responseTime: responseTime)
    }

    /// `merged`, its `Date` and `Age` those of `fields`: a stored `Date` becomes the time
    /// received when `fields` has none (without any, the time received stands in already), and
    /// `Age` is dropped when `fields` has none.
    private static func retimed(_ merged: [HTTPHeaderField], by fields: [HTTPHeaderField], receivedAt time: Date) -> [HTTPHeaderField] {
        var result = merged
        if !fields.contains(where: { HeaderName.equal($0.name, "Age") }) {
            result.removeAll { HeaderName.equal($0.name, "Age") }
        }
        if !fields.contains(where: { HeaderName.equal($0.name, "Date") }),
           let index = result.firstIndex(where: { HeaderName.equal($0.name, "Date") }) {
            result.removeAll { HeaderName.equal($0.name, "Date") }
            result.insert(HTTPHeaderField(name: "Date", value: imfFixdate(time)), at: min(index, result.count))
        }
        return result
    }

    /// `date` as an IMF-fixdate (RFC 9110 §5.6.7), `Sun, 06 Nov 1994 08:49:37 GMT`, to the second.
    static func imfFixdate(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        // Civil from days (proleptic Gregorian, years from March).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(weekday), \(two(day)) \(months[month - 1]) \(yearText) \(two(time / 3_600)):\(two(time % 3_600 / 60)):\(two(time % 60)) GMT"
    }

    /// The stored responses a `304` with `fields` updates, of `entries`, the variants that
    /// could have answered its request (§4.3.4), first match wins:
    /// - a strong entity tag in the `304`: every entry with that same strong tag, none if no
    ///   entry has it (the cache then must not use the `304` to update anything);
    /// - a weak one: the most recent entry whose tag matches it weakly;
    /// - no tag but a `Last-Modified`: the most recent entry with that same `Last-Modified`;
    /// - no validator at all: the only entry, when there is exactly one. RFC 9111 also asks
    ///   that entry to lack validators; this cache accepts it either way, since the `304`
    ///   answers the conditions it sent for that entry (a server that leaves its validators
    ///   out of a `304` breaks RFC 9110 §15.4.5, and revalidating again would not help).
    static func selected(by fields: [HTTPHeaderField], among entries: [CacheEntry]) -> [CacheEntry] {
        if let tag = value("ETag", in: fields), !isWeak(tag) {
            return entries.filter { selects(fields, $0) }
        }
        if value("ETag", in: fields) != nil || value("Last-Modified", in: fields) != nil {
            return entries.filter { selects(fields, $0) }.max(by: CacheVariants.isOlder).map { [$0] } ?? []
        }
        return entries.count == 1 ? entries : []
    }

    /// `entry` freshened by a `200` `HEAD` response's `fields` received at `now` (§4.3.5);
    /// `nil` when they do not show that the stored response is the one the server has now, and
    /// the stored response should then be treated as stale. They show it when the `HEAD`
    /// response carries a validator, every validator it carries (`ETag`, `Last-Modified`) has
    /// the stored response's value, and its `Content-Length`, if any, is the stored one's (or,
    /// when the stored response has none, the stored body's length).
    /// (An `ETag` is compared as sent: `W/"a"` is not `"a"`.) `Date` and `Age` are taken as
    /// for a `304` (``updated(_:by:requestTime:responseTime:)``).
    static func freshened(_ entry: CacheEntry, byHead fields: [HTTPHeaderField], at now: Date) -> CacheEntry? {
        let validators = ["ETag", "Last-Modified"].filter { value($0, in: fields) != nil }
        guard !validators.isEmpty,
              validators.allSatisfy({ value($0, in: fields) == value($0, in: entry.headerFields) }) else { return nil }
        if let length = value("Content-Length", in: fields),
           length != value("Content-Length", in: entry.headerFields) ?? String(entry.body.count) {
            return nil
        }
        return entry.revised(headerFields: retimed(merged(entry.headerFields, with: fields), by: fields, receivedAt: now),
                             requestTime: now, responseTime: now)
    }

    /// Whether a `304` with `fields` selects the stored `entry`, the one it revalidated
    /// (§4.3.4, for one entry): a strong entity tag must be the entry's, strong too (strong
    /// comparison, RFC 9110 §8.8.3.2); a weak one must match the entry's weakly; without a
    /// tag, a `Last-Modified` must be the entry's; with no validator, the `304` confirms the
    /// entry (see ``selected(by:among:)`` for why).
    static func selects(_ fields: [HTTPHeaderField], _ entry: CacheEntry) -> Bool {
        if let tag = value("ETag", in: fields) {
            guard let stored = value("ETag", in: entry.headerFields) else { return false }
            if !isWeak(tag) {
                return !isWeak(stored) && tag == stored
            }
            return weakStripped(tag) == weakStripped(stored)
        }
        if let modified = value("Last-Modified", in: fields) {
            return value("Last-Modified", in: entry.headerFields) == modified
        }
        return true
    }

    /// `stored` with every field of `fields` replacing those of its name (all of a name's
    /// fields together, where its first stood), new names appended the same way, in the order
    /// they first come; the stored body's framing fields and what a cache never stores are kept
    /// out (§3.2). Merging the same fields again changes nothing.
    static func merged(_ stored: [HTTPHeaderField], with fields: [HTTPHeaderField]) -> [HTTPHeaderField] {
        let incoming = storedFields(of: fields).filter { !kept.contains($0.name.lowercased()) }
        let replaced = Set(incoming.map { $0.name.lowercased() })
        var result: [HTTPHeaderField] = []
        var placed: Set<String> = []
        func place(_ name: String) {
            if placed.insert(name).inserted {
                result += incoming.filter { $0.name.lowercased() == name }
            }
        }
        for field in stored {
            let name = field.name.lowercased()
            if replaced.contains(name) {
                place(name)
            } else {
                result.append(field)
            }
        }
        for field in incoming {
            place(field.name.lowercased())
        }
        return result
    }

    /// Whether entity tag `tag` is weak (`W/"…"`).
    private static func isWeak(_ tag: String) -> Bool {
        tag.hasPrefix("W/")
    }

    /// An entity tag without its weakness prefix, for the weak comparison a `304` allows.
    private static func weakStripped(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }

    /// The value of the first field `name` of `fields`, trimmed.
    static func value(_ name: String, in fields: [HTTPHeaderField]) -> String? {
        fields.first { HeaderName.equal($0.name, name) }.map { CacheControl.trimmed($0.value) }
    }
}
