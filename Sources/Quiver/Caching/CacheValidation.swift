import Foundation

/// Revalidation (RFC 9111 §4.3): the conditions a cache sends, and how a `304` or a `HEAD`
/// response updates what it stores (§3.2, §4.3.4, §4.3.5).
enum CacheValidation {
    /// The header fields that make a request conditional: one carrying any is the caller's own
    /// conditional request, which the cache passes on as it is.
    static let preconditions: Set<String> = ["if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range"]

    /// The fields a cache never stores (§3.1): hop-by-hop ones, and `Set-Cookie`, never replayed.
    static let unstored: Set<String> = ["connection", "keep-alive", "proxy-connection", "te", "transfer-encoding",
                                        "upgrade", "set-cookie", "set-cookie2", "proxy-authenticate", "trailer"]

    /// The fields a `304` or `HEAD` response never replaces in a stored one: the stored body's
    /// own length and framing (§3.2).
    static let kept: Set<String> = ["content-length", "content-encoding", "content-range", "transfer-encoding"]

    /// Whether header field `name` makes a request conditional.
    static func isPrecondition(_ name: String) -> Bool {
        preconditions.contains(name.lowercased())
    }

    /// `fields` as a cache stores them: without the hop-by-hop fields, those `Connection`
    /// names, and `Set-Cookie`.
    static func storedFields(of fields: [HTTPHeaderField]) -> [HTTPHeaderField] {
        let connectionNames = Set(fields.filter { HeaderName.equal($0.name, "Connection") }
            .flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        return fields.filter { field in
            let name = field.name.lowercased()
            return !unstored.contains(name) && !connectionNames.contains(name)
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

    /// `entry` updated by a `304` with `fields`, received for a request sent at `requestTime`,
    /// at `responseTime`; `nil` when the `304` does not select it (§4.3.4: its entity tag is not
    /// the stored one, or without tags its `Last-Modified` differs).
    static func updated(_ entry: CacheEntry, by fields: [HTTPHeaderField], requestTime: Date, responseTime: Date) -> CacheEntry? {
        guard selects(fields, entry) else { return nil }
        var updated = entry
        updated.headerFields = merged(entry.headerFields, with: fields)
        updated.requestTime = requestTime
        updated.responseTime = responseTime
        return updated
    }

    /// `entry` freshened by a `HEAD` response's `fields` received at `now` (§4.3.5); `nil` when
    /// the validators show that the stored response is not the one the server has now.
    static func freshened(_ entry: CacheEntry, byHead fields: [HTTPHeaderField], at now: Date) -> CacheEntry? {
        let storedTag = value("ETag", in: entry.headerFields)
        let headTag = value("ETag", in: fields)
        if storedTag != nil || headTag != nil {
            guard storedTag == headTag else { return nil }
        } else {
            let stored = value("Last-Modified", in: entry.headerFields)
            guard stored != nil, stored == value("Last-Modified", in: fields) else { return nil }
        }
        var freshened = entry
        freshened.headerFields = merged(entry.headerFields, with: fields)
        freshened.requestTime = now
        freshened.responseTime = now
        return freshened
    }

    /// Whether a `304` with `fields` selects the stored `entry`: the same entity tag (compared
    /// weakly, as for a `304`), else the same `Last-Modified`, else, with no validator in the `304`, the
    /// entry revalidated.
    static func selects(_ fields: [HTTPHeaderField], _ entry: CacheEntry) -> Bool {
        if let tag = value("ETag", in: fields) {
            guard let stored = value("ETag", in: entry.headerFields) else { return false }
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

    /// An entity tag without its weakness prefix, for the weak comparison a `304` allows.
    private static func weakStripped(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }

    /// The value of the first field `name` of `fields`, trimmed.
    static func value(_ name: String, in fields: [HTTPHeaderField]) -> String? {
        fields.first { HeaderName.equal($0.name, name) }?.value.trimmingCharacters(in: .whitespaces)
    }
}
