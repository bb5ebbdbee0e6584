import Foundation

/// How fresh a stored response is at one moment (RFC 9111 §4.2), and what that allows.
struct CacheFreshness: Sendable {
    /// The response's current age in seconds (§4.2.3).
    let age: TimeInterval
    /// Its freshness lifetime in seconds (§4.2.1, else §4.2.2).
    let lifetime: TimeInterval
    /// Its directives.
    let control: CacheControl

    /// The statuses cacheable by default, which may be given a heuristic freshness (RFC 9110
    /// §15.1, RFC 9111 §4.2.2). `206` is one, but partial content is not stored
    /// (``CacheStorability``).
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]
    /// The most heuristic freshness a response gets: one day. RFC 9111 §4.2.2 only suggests
    /// 10 % of the time since `Last-Modified`; the cap keeps a resource unchanged for years
    /// from being served unchecked for months (and RFC 7234 had caches warn past a day).
    static let heuristicLimit: TimeInterval = 86_400

    /// What a stored response's header fields and times say about its freshness, whatever the
    /// time: read once per entry (``CacheEntry/basis``), so a lookup only adds the time since.
    struct Basis: Sendable, Equatable {
        /// The response's directives.
        let control: CacheControl
        /// Its corrected initial age (§4.2.3): its age when it was received.
        let initialAge: TimeInterval
        /// Its freshness lifetime (§4.2.1, else §4.2.2).
        let lifetime: TimeInterval

        /// The basis of a response with `statusCode` and `fields`, to a request sent at
        /// `requestTime`, received at `responseTime`.
        init(statusCode: Int, fields: [HTTPHeaderField], requestTime: Date, responseTime: Date) {
            control = CacheControl(responseFields: fields)
            initialAge = CacheFreshness.initialAge(fields: fields, requestTime: requestTime, responseTime: responseTime)
            lifetime = CacheFreshness.lifetime(statusCode: statusCode, fields: fields, control: control,
                                               responseTime: responseTime)
        }
    }

    /// The freshness of `entry` at `now`.
    init(entry: CacheEntry, now: Date) {
        control = entry.basis.control
        age = entry.basis.initialAge + max(0, now.timeIntervalSince(entry.responseTime))
        lifetime = entry.basis.lifetime
    }

    /// Whether the response is fresh: its lifetime is longer than its age.
    var isFresh: Bool {
        lifetime > age
    }

    /// How long past its lifetime the response is; 0 while fresh.
    var staleness: TimeInterval {
        max(0, age - lifetime)
    }

    /// Whether the response may ever be served stale: not when it says `must-revalidate` or
    /// `no-cache`, qualified or not (§4.2.4, §5.2.2.2, §5.2.2.4). `proxy-revalidate` binds
    /// shared caches only.
    var mayServeStale: Bool {
        !control.mustRevalidate && !control.requiresRevalidation
    }

    /// Whether the response answers a request with `request`'s directives without contacting
    /// the server: fresh enough for its `max-age` and `min-fresh`, or stale within its
    /// `max-stale` (§5.2.1), and neither side asking for revalidation (`no-cache`, §5.2.1.4,
    /// §5.2.2.4; a request's `Pragma: no-cache` is read into its ``CacheControl``).
    func satisfies(_ request: CacheControl) -> Bool {
        guard !control.requiresRevalidation, !request.noCache else { return false }
        // A fresh `immutable` response need not be revalidated on a reload (RFC 8246).
        if let maxAge = request.maxAge, age > TimeInterval(maxAge), !(control.immutable && isFresh) {
            return false
        }
        if let minFresh = request.minFresh, lifetime - age < TimeInterval(minFresh) {
            return false
        }
        if isFresh {
            return true
        }
        guard let maxStale = request.maxStale, mayServeStale else { return false }
        return maxStale == Int.max || staleness <= TimeInterval(maxStale)
    }

    /// Whether the stale response may be served while it is revalidated behind the caller
    /// (`stale-while-revalidate`, RFC 5861 §3).
    var isWithinStaleWhileRevalidate: Bool {
        guard !isFresh, mayServeStale, let window = control.staleWhileRevalidate else { return false }
        return staleness <= TimeInterval(window)
    }

    /// Whether the stale response may stand in for an error (`stale-if-error`, RFC 5861 §4):
    /// the response's, the request's, or the target's own tolerance allows its staleness.
    func mayServeStale(ifError request: CacheControl, allowing tolerance: TimeInterval?) -> Bool {
        guard mayServeStale else { return false }
        let allowances = [control.staleIfError.map(TimeInterval.init), request.staleIfError.map(TimeInterval.init), tolerance]
        return allowances.contains { $0.map { staleness <= $0 } ?? false }
    }

    /// The corrected initial age (§4.2.3): the larger of the apparent age (`response_time − Date`)
    /// and the `Age` received plus the time the exchange took.
    ///
    /// `Age` is read as §5.1 says: of a list (or several fields) the first member, and an
    /// invalid one is ignored (counts as 0). Without a valid `Date`, the time the response was
    /// received stands in for it (RFC 9110 §6.6.1), so the apparent age is 0.
    static func initialAge(fields: [HTTPHeaderField], requestTime: Date, responseTime: Date) -> TimeInterval {
        let ageValue = fields.first { HeaderName.equal($0.name, "Age") }
            .flatMap { field in
                let first = field.value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                return CacheControl.seconds(CacheControl.trimmed(first))
            }
            .map(TimeInterval.init) ?? 0
        let dateValue = date(named: "Date", in: fields, near: responseTime) ?? responseTime
        let apparentAge = max(0, responseTime.timeIntervalSince(dateValue))
        let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
        return max(apparentAge, ageValue + responseDelay)
    }

    /// The freshness lifetime (§4.2.1): `max-age`, else `Expires` − `Date` (an invalid
    /// `Expires`, such as `0`, is already expired, §5.3; two different ones are stale, §4.2.1),
    /// else a heuristic one (§4.2.2) for a status cacheable by default, or a response marked
    /// cacheable (`public`, or `private`, which marks it so for a private cache, §3), with
    /// `Last-Modified`: 10 % of the time from then to `Date`, one day at most. `s-maxage` is
    /// for shared caches and ignored. Without a valid `Date`, the time received stands in.
    static func lifetime(statusCode: Int, fields: [HTTPHeaderField], control: CacheControl, responseTime: Date) -> TimeInterval {
        if let maxAge = control.maxAge {
            return TimeInterval(maxAge)
        }
        let dateValue = date(named: "Date", in: fields, near: responseTime) ?? responseTime
        let expires = fields.filter { HeaderName.equal($0.name, "Expires") }
        if !expires.isEmpty {
            guard Set(expires.map(\.value)).count == 1, let expiry = HTTPDate.parse(expires[0].value, now: dateValue) else {
                return 0
            }
            return max(0, expiry.timeIntervalSince(dateValue))
        }
        guard heuristicallyCacheable.contains(statusCode) || control.isPublic || control.isPrivate,
              let modified = date(named: "Last-Modified", in: fields, near: dateValue) else {
            return 0
        }
        return min(heuristicLimit, max(0, dateValue.timeIntervalSince(modified)) / 10)
    }

    /// Whether the response has an explicit expiration time (`max-age` or `Expires`).
    static func hasExplicitExpiry(fields: [HTTPHeaderField], control: CacheControl) -> Bool {
        control.maxAge != nil || fields.contains { HeaderName.equal($0.name, "Expires") }
    }

    /// The first field `name` of `fields` as an HTTP date, if it is one; a two-digit RFC 850
    /// year is read relative to `reference` (RFC 9110 §5.6.7), not to the wall clock.
    static func date(named name: String, in fields: [HTTPHeaderField], near reference: Date) -> Date? {
        fields.first { HeaderName.equal($0.name, name) }.flatMap { HTTPDate.parse($0.value, now: reference) }
    }
}
