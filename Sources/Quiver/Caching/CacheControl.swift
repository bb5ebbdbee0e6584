import Foundation

/// The `Cache-Control` directives of one message (RFC 9111 §5.2), as a private cache reads them.
///
/// Parsed from every `Cache-Control` field of the message, in order: names are case-insensitive,
/// values may be tokens or quoted strings, empty list items and unknown directives are ignored.
/// Where the RFC lets a cache choose, the strictest reading wins (§4.2.1): a directive given twice
/// with different values, or a `max-age` that is not a number, makes the response stale at once
/// (`max-age=0`), and a number past 2³¹ is 2³¹ (§1.2.2).
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
    /// `private`: for a private cache such as this one, storable.
    var isPrivate = false
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
    /// when it has no `Cache-Control` (§5.4).
    init(requestFields fields: [HTTPHeaderField]) {
        let values = fields.filter { HeaderName.equal($0.name, "Cache-Control") }.map(\.value)
        self.init(values)
        if values.isEmpty,
           fields.contains(where: { HeaderName.equal($0.name, "Pragma") && Self.directives(in: $0.value).contains { $0.name == "no-cache" } }) {
            noCache = true
        }
    }

    /// The directives of a response's header fields.
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
                let fields = argument.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                    .filter { !$0.isEmpty }
                if fields.isEmpty { noCache = true } else { noCacheFields += fields }
            } else {
                noCache = true
            }
        case "must-revalidate": mustRevalidate = true
        case "proxy-revalidate": proxyRevalidate = true
        case "private": isPrivate = true
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
            // Without a value, any staleness; malformed or conflicting, none.
            maxStale = conflicting ? 0 : argument == nil ? Int.max : Self.seconds(argument) ?? 0
        case "min-fresh":
            // The strictest reading asks for the most freshness.
            let asked = Self.seconds(argument) ?? Self.largestDelta
            minFresh = conflicting ? max(minFresh ?? 0, asked) : asked
        case "stale-while-revalidate":
            staleWhileRevalidate = conflicting ? 0 : Self.seconds(argument) ?? 0
        case "stale-if-error":
            staleIfError = conflicting ? 0 : Self.seconds(argument) ?? 0
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

    /// The directives of one field value: lowercased names, each with its argument (unquoted)
    /// or `nil`. Commas inside a quoted string do not split.
    static func directives(in value: String) -> [(name: String, argument: String?)] {
        var result: [(name: String, argument: String?)] = []
        var items: [Substring] = []
        var start = value.startIndex
        var index = value.startIndex
        var quoted = false
        while index < value.endIndex {
            let character = value[index]
            if character == "\"" {
                quoted.toggle()
            } else if character == "\\", quoted {
                index = value.index(after: index)
                if index == value.endIndex { break }
            } else if character == ",", !quoted {
                items.append(value[start..<index])
                start = value.index(after: index)
            }
            index = value.index(after: index)
        }
        items.append(value[start...])
        for item in items {
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                result.append((trimmed.lowercased(), nil))
                continue
            }
            let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty else { continue }
            var argument = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") {
                argument = Self.unquoted(argument.dropFirst().dropLast())
            }
            result.append((name, argument))
        }
        return result
    }

    /// The text of a quoted string's inside, its `\` escapes undone.
    private static func unquoted(_ inside: Substring) -> String {
        var text = ""
        var escaped = false
        for character in inside {
            if escaped || character != "\\" {
                text.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return text
    }
}
