import Foundation

/// The `Cache-Control` directives of one message (RFC 9111 §5.2), as a private cache reads them.
///
/// Parsed from every `Cache-Control` field of the message, in order: names are case-insensitive,
/// values may be tokens or quoted strings, empty list items and unknown directives are ignored
/// (§5.2.3). Where the RFC lets a cache choose, the strictest reading wins:
///
/// - `max-age` (and `s-maxage`) given twice with different values, or with a value that is not
///   delta-seconds, makes the response stale at once (`max-age=0`): §4.2.1 lets a cache
///   "consider the response stale" rather than pick one, and §1.2.2 asks it to treat an
///   invalid delta as such.
/// - `max-stale`, `stale-while-revalidate` and `stale-if-error`, which widen what may be served,
///   keep the smallest value given; a malformed one allows nothing (`0`).
/// - `min-fresh`, which narrows it, keeps the largest; a malformed one asks for 2³¹ s.
/// - a qualified `no-cache` repeated with other field names, or with and without names, is
///   unqualified.
/// - a number past 2³¹ is 2³¹ (§1.2.2).
/// - a quoted string is an argument only when it follows `=`; one left open at the end of the
///   field value quotes nothing, so `x="open, no-store` still says `no-store`.
struct CacheControl: Sendable, Equatable {
    /// `no-store`: nothing of the message may be stored.
    var noStore = false
    /// `no-cache`: a stored response must be revalidated before each use. With field names
    /// (response only), only those fields must not be served unrevalidated: ``noCacheFields``.
    var noCache = false
    /// The field names of a qualified `no-cache="…"`, lowercased.
    var noCacheFields: [String] = []
    /// `must-revalidate`: once stale, never served without a successful revalidation.
    var mustRevalidate = false
    /// `proxy-revalidate`: `must-revalidate` for shared caches only; kept, not acted on.
    var proxyRevalidate = false
    /// `private`: for a private cache such as this one, storable (§3, §5.2.2.7).
    var isPrivate = false
    /// The field names of a qualified `private="…"`, lowercased: they restrict shared caches
    /// only (§5.2.2.7), so this cache reads them and keeps them all.
    var privateFields: [String] = []
    /// `public`: storable even where it would not be by default.
    var isPublic = false
    /// `max-age` in seconds.
    var maxAge: Int?
    /// `s-maxage` in seconds: for shared caches only, ignored here.
    var sharedMaxAge: Int?
    /// `max-stale` (request): how stale a response the client accepts; `Int.max` when the
    /// directive has no value (any staleness).
    var maxStale: Int?
    /// `min-fresh` (request): how much freshness the response must have left.
    var minFresh: Int?
    /// `only-if-cached` (request): answer from the cache or with `504`.
    var onlyIfCached = false
    /// `immutable` (RFC 8246): a fresh response will not change; nothing to revalidate while fresh.
    var immutable = false
    /// `stale-while-revalidate` (RFC 5861), seconds.
    var staleWhileRevalidate: Int?
    /// `stale-if-error` (RFC 5861), seconds.
    var staleIfError: Int?
    /// `no-transform`: kept, Quiver transforms nothing.
    var noTransform = false
    /// `must-understand`: store only a status this cache understands.
    var mustUnderstand = false

    /// Whether a stored response must be revalidated before each use: `no-cache`, qualified or
    /// not. A qualified `no-cache="…"` lets a cache serve the rest of the response without the
    /// named fields (§5.2.2.4); this cache, as the RFC notes most do, treats it as unqualified,
    /// so the named fields are never served unrevalidated.
    var requiresRevalidation: Bool {
        noCache || !noCacheFields.isEmpty
    }

    /// The largest delta-seconds a value may have (§1.2.2).
    static let largestDelta = 1 << 31

    /// The directives of `values`, the message's `Cache-Control` field values in order.
    init(_ values: some Sequence<String>) {
        var seen: [String: String?] = [:]
        for value in values {
            for (name, argument) in Self.directives(in: value) {
                if let earlier = seen[name] {
                    // The same directive again: with another value it is a conflict (§4.2.1).
                    if earlier != argument {
                        apply(name, argument, conflicting: true)
                    }
                    continue
                }
                seen.updateValue(argument, forKey: name)
                apply(name, argument, conflicting: false)
            }
        }
    }

    /// The directives of a request's header fields: its `Cache-Control`, and `Pragma: no-cache`
    /// when it has no `Cache-Control`. RFC 9111 §5.4 deprecates `Pragma` and gives no rule of
    /// its own; this is RFC 7234 §5.4's, which HTTP/1.0 clients still rely on.
    init(requestFields fields: [HTTPHeaderField]) {
        let values = fields.filter { HeaderName.equal($0.name, "Cache-Control") }.map(\.value)
        self.init(values)
        if values.isEmpty,
           fields.contains(where: { HeaderName.equal($0.name, "Pragma") && Self.directives(in: $0.value).contains { $0.name == "no-cache" } }) {
            noCache = true
        }
    }

    /// The directives of a response's header fields. `Pragma` is ignored in a response: its
    /// meaning there was never specified (§5.4).
    init(responseFields fields: [HTTPHeaderField]) {
        self.init(fields.filter { HeaderName.equal($0.name, "Cache-Control") }.map(\.value))
    }

    /// Sets what directive `name` with `argument` says; `conflicting` when it came before with
    /// another value.
    private mutating func apply(_ name: String, _ argument: String?, conflicting: Bool) {
        switch name {
        case "no-store": noStore = true
        case "no-cache":
            if let argument, !conflicting {
                let fields = Self.fieldNames(argument)
                if fields.isEmpty { noCache = true } else { noCacheFields += fields }
            } else {
                noCache = true
            }
        case "must-revalidate": mustRevalidate = true
        case "proxy-revalidate": proxyRevalidate = true
        case "private":
            isPrivate = true
            if let argument {
                privateFields += Self.fieldNames(argument).filter { !privateFields.contains($0) }
            }
        case "public": isPublic = true
        case "only-if-cached": onlyIfCached = true
        case "immutable": immutable = true
        case "no-transform": noTransform = true
        case "must-understand": mustUnderstand = true
        case "max-age":
            // Malformed or conflicting: stale at once, the strictest reading.
            maxAge = conflicting ? 0 : Self.seconds(argument) ?? 0
        case "s-maxage":
            sharedMaxAge = conflicting ? 0 : Self.seconds(argument) ?? 0
        case "max-stale":
            // Without a value, any staleness; malformed, none; given twice, the least.
            let allowed = argument == nil ? Int.max : Self.seconds(argument) ?? 0
            maxStale = conflicting ? min(maxStale ?? allowed, allowed) : allowed
        case "min-fresh":
            // The strictest reading asks for the most freshness.
            let asked = Self.seconds(argument) ?? Self.largestDelta
            minFresh = conflicting ? max(minFresh ?? 0, asked) : asked
        case "stale-while-revalidate":
            let allowed = Self.seconds(argument) ?? 0
            staleWhileRevalidate = conflicting ? min(staleWhileRevalidate ?? allowed, allowed) : allowed
        case "stale-if-error":
            let allowed = Self.seconds(argument) ?? 0
            staleIfError = conflicting ? min(staleIfError ?? allowed, allowed) : allowed
        default:
            break
        }
    }

    /// A delta-seconds value (§1.2.2): digits only, capped at 2³¹; `nil` when malformed.
    static func seconds(_ text: String?) -> Int? {
        guard let text, !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        var value = 0
        for digit in text.utf8 {
            value = value * 10 + Int(digit - 0x30)
            if value >= largestDelta { return largestDelta }
        }
        return value
    }

    /// The field names of a list such as a qualified `no-cache` or `private` argument, `Vary`
    /// or `Connection`: split at commas (by byte), trimmed, lowercased, empty ones dropped.
    static func fieldNames(_ argument: String) -> [String] {
        argument.utf8.split(separator: 0x2C).map { trimmed(String(decoding: $0, as: UTF8.self)).lowercased() }
            .filter { !$0.isEmpty }
    }

    /// `text` without the spaces and horizontal tabs (RFC 9110's optional white space) at its ends.
    static func trimmed(_ text: some StringProtocol) -> String {
        let bytes = Array(text.utf8)
        var range = 0..<bytes.count
        trim(&range, in: bytes)
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// Narrows `range` of `bytes` to leave out the spaces and horizontal tabs at its ends.
    private static func trim(_ range: inout Range<Int>, in bytes: [UInt8]) {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        range = start..<end
    }

    /// The directives of one field value: lowercased names, each with its argument (unquoted)
    /// or `nil`. A comma inside a quoted argument does not split; a `"` anywhere else is an
    /// ordinary character, and a quoted argument never closed quotes nothing (its text up to
    /// the next comma is the argument), so a stray quote cannot hide the directives after it.
    ///
    /// The value is read by byte, as a server writes it: `,`, `=`, `"` and `\` separate
    /// whatever follows them (a combining mark after a comma does not join it to the comma),
    /// and only spaces and horizontal tabs are white space.
    static func directives(in value: String) -> [(name: String, argument: String?)] {
        let bytes = Array(value.utf8)
        var result: [(name: String, argument: String?)] = []
        var index = 0
        func text(_ range: Range<Int>) -> String {
            var range = range
            trim(&range, in: bytes)
            return String(decoding: bytes[range], as: UTF8.self)
        }
        while index < bytes.count {
            // The name: up to `=` or the end of the item, lowercased as ASCII (every directive
            // name this cache knows is ASCII).
            let nameStart = index
            while index < bytes.count, bytes[index] != 0x3D, bytes[index] != 0x2C { index += 1 }
            var nameRange = nameStart..<index
            trim(&nameRange, in: bytes)
            let name = String(decoding: bytes[nameRange].map(ASCII.lowercased), as: UTF8.self)
            var argument: String?
            if index < bytes.count, bytes[index] == 0x3D {
                index += 1
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
                let argumentStart = index
                if index < bytes.count, bytes[index] == 0x22, let (quotedText, end) = quoted(bytes, from: index) {
                    argument = quotedText
                    index = end
                }
                let rest = index
                while index < bytes.count, bytes[index] != 0x2C { index += 1 }
                // Text after a closing quote makes the whole argument malformed, as it is.
                if argument == nil || !text(rest..<index).isEmpty {
                    argument = text(argumentStart..<index)
                }
            }
            if index < bytes.count { index += 1 }   // the comma
            if !name.isEmpty { result.append((name, argument)) }
        }
        return result
    }

    /// The quoted string starting at `start` (a `"`) in `bytes`: its text with the `\`
    /// escapes undone, and the index after its closing quote; `nil` when it is never closed.
    private static func quoted(_ bytes: [UInt8], from start: Int) -> (text: String, end: Int)? {
        var text: [UInt8] = []
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22 { return (String(decoding: text, as: UTF8.self), index + 1) }
            if byte == 0x5C {
                index += 1
                guard index < bytes.count else { return nil }
            }
            text.append(bytes[index])
            index += 1
        }
        return nil
    }
}
