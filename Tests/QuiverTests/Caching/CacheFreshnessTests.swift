import Foundation
import Testing
@testable import Quiver

/// RFC 9111 §4.2: age, lifetime and what a stored response may do.
@Suite struct CacheFreshnessTests {
    let received = Date(timeIntervalSince1970: 1_800_000_000)

    func entry(_ fields: [(String, String)], status: Int = 200, requestTime: Date? = nil) -> CacheEntry {
        CacheEntry(statusCode: status, headerFields: fields.map { HTTPHeaderField(name: $0.0, value: $0.1) }, body: Data(),
                   requestTime: requestTime ?? received, responseTime: received, variant: .none)
    }

    func date(_ offset: TimeInterval) -> String {
        TestClock.httpDate(received.addingTimeInterval(offset))
    }

    @Test func theAgeCountsTheServersAgeTheDelayAndTheTimeSinceStored() {
        // Age 100 at the origin, a 2 s exchange, 10 s in the store.
        let stored = entry([("Date", date(0)), ("Age", "100")], requestTime: received.addingTimeInterval(-2))
        #expect(CacheFreshness(entry: stored, now: received.addingTimeInterval(10)).age == 112)
    }

    @Test func aDateInThePastGivesAnApparentAge() {
        let stored = entry([("Date", date(-30))])
        #expect(CacheFreshness(entry: stored, now: received).age == 30)
    }

    @Test func maxAgeWinsOverExpires() {
        let stored = entry([("Date", date(0)), ("Cache-Control", "max-age=10"), ("Expires", date(1000))])
        #expect(CacheFreshness(entry: stored, now: received).lifetime == 10)
    }

    @Test(arguments: ["0", "yesterday", ""])
    func anInvalidExpiresIsAlreadyExpired(_ value: String) {
        let stored = entry([("Date", date(0)), ("Expires", value)])
        #expect(CacheFreshness(entry: stored, now: received).lifetime == 0)
    }

    @Test func twoDifferentExpiresAreStale() {
        let stored = entry([("Date", date(0)), ("Expires", date(100)), ("Expires", date(200))])
        #expect(CacheFreshness(entry: stored, now: received).lifetime == 0)
    }

    @Test func sMaxAgeIsForSharedCachesOnly() {
        let stored = entry([("Date", date(0)), ("Cache-Control", "s-maxage=600")])
        #expect(CacheFreshness(entry: stored, now: received).lifetime == 0)
    }

    @Test func heuristicFreshnessIsATenthOfTheTimeSinceLastModifiedAtMostADay() {
        let week = entry([("Date", date(0)), ("Last-Modified", date(-7 * 86_400))])
        #expect(CacheFreshness(entry: week, now: received).lifetime == 7 * 86_400 / 10)
        let year = entry([("Date", date(0)), ("Last-Modified", date(-365 * 86_400))])
        #expect(CacheFreshness(entry: year, now: received).lifetime == 86_400)
    }

    @Test(arguments: [200, 301, 404, 410])
    func heuristicsApplyToStatusesCacheableByDefault(_ status: Int) {
        let stored = entry([("Date", date(0)), ("Last-Modified", date(-1000))], status: status)
        #expect(CacheFreshness(entry: stored, now: received).lifetime == 100)
    }

    @Test(arguments: [201, 302, 500, 503])
    func noHeuristicsForOtherStatuses(_ status: Int) {
        let stored = entry([("Date", date(0)), ("Last-Modified", date(-1000))], status: status)
        #expect(CacheFreshness(entry: stored, now: received).lifetime == 0)
        let isPublic = entry([("Date", date(0)), ("Last-Modified", date(-1000)), ("Cache-Control", "public")], status: status)
        #expect(CacheFreshness(entry: isPublic, now: received).lifetime == 100)
    }

    @Test func mustRevalidateAndNoCacheAreNeverServedStale() {
        for directive in ["must-revalidate", "no-cache"] {
            let state = CacheFreshness(entry: entry([("Date", date(0)), ("Cache-Control", "max-age=1, stale-if-error=999, \(directive)")]),
                                       now: received.addingTimeInterval(10))
            #expect(!state.mayServeStale)
            #expect(!state.mayServeStale(ifError: CacheControl(["stale-if-error=999"]), allowing: 999))
            #expect(!state.satisfies(CacheControl(["max-stale"])))
        }
    }

    @Test func staleWhileRevalidateHasAWindow() {
        let stored = entry([("Date", date(0)), ("Cache-Control", "max-age=10, stale-while-revalidate=20")])
        #expect(CacheFreshness(entry: stored, now: received.addingTimeInterval(25)).isWithinStaleWhileRevalidate)
        #expect(!CacheFreshness(entry: stored, now: received.addingTimeInterval(31)).isWithinStaleWhileRevalidate)
        #expect(!CacheFreshness(entry: stored, now: received.addingTimeInterval(5)).isWithinStaleWhileRevalidate)
    }

    @Test func theRequestsMaxAgeMinFreshAndMaxStale() {
        let state = CacheFreshness(entry: entry([("Date", date(0)), ("Cache-Control", "max-age=60")]),
                                   now: received.addingTimeInterval(30))
        #expect(state.satisfies(CacheControl([])))
        #expect(!state.satisfies(CacheControl(["max-age=20"])))
        #expect(state.satisfies(CacheControl(["max-age=40"])))
        #expect(!state.satisfies(CacheControl(["min-fresh=31"])))
        let stale = CacheFreshness(entry: entry([("Date", date(0)), ("Cache-Control", "max-age=60")]),
                                   now: received.addingTimeInterval(90))
        #expect(!stale.satisfies(CacheControl([])))
        #expect(stale.satisfies(CacheControl(["max-stale=30"])))
        #expect(!stale.satisfies(CacheControl(["max-stale=29"])))
    }

    @Test func aFreshImmutableResponseNeedsNoRevalidationOnAReload() {
        let state = CacheFreshness(entry: entry([("Date", date(0)), ("Cache-Control", "max-age=600, immutable")]),
                                   now: received.addingTimeInterval(30))
        #expect(state.satisfies(CacheControl(["max-age=0"])))
        #expect(!state.satisfies(CacheControl(["no-cache"])))
    }
}
