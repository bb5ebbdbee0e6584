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

    /// The fields are read once per entry; an entry changed (as a `304` or a `HEAD` changes it)
    /// is read again, so its freshness is never the old fields'.
    @Test func aChangedEntryIsReadAgain() {
        var stored = entry([("Date", date(0)), ("Cache-Control", "max-age=10")])
        #expect(CacheFreshness(entry: stored, now: received).lifetime == 10)
        stored.headerFields = [HTTPHeaderField(name: "Date", value: date(0)), HTTPHeaderField(name: "Cache-Control", value: "max-age=60, no-cache")]
        let changed = CacheFreshness(entry: stored, now: received)
        #expect(changed.lifetime == 60)
        #expect(changed.control.noCache)
        stored.responseTime = received.addingTimeInterval(30)   // Date now 30 s before receipt
        #expect(CacheFreshness(entry: stored, now: received.addingTimeInterval(30)).age == 30)
        stored.requestTime = received.addingTimeInterval(-50)
        stored.headerFields = [HTTPHeaderField(name: "Age", value: "5")]
        // No Date: the Age received plus the 80 s the exchange took.
        #expect(CacheFreshness(entry: stored, now: received.addingTimeInterval(30)).age == 85)
        stored.statusCode = 404
        stored.headerFields = [HTTPHeaderField(name: "Date", value: date(30)), HTTPHeaderField(name: "Last-Modified", value: date(-970))]
        #expect(CacheFreshness(entry: stored, now: received.addingTimeInterval(30)).lifetime == 100)
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

    @Test func theRFCsAgeCalculationTakesTheLargerOfApparentAndCorrectedAge() {
        // §4.2.3: Date 60 s before receipt (apparent age 60), Age 20 after a 5 s exchange
        // (corrected 25): the apparent age wins; then 15 s resident.
        let stored = entry([("Date", date(-60)), ("Age", "20")], requestTime: received.addingTimeInterval(-5))
        #expect(CacheFreshness(entry: stored, now: received.addingTimeInterval(15)).age == 75)
        let corrected = entry([("Date", date(-10)), ("Age", "20")], requestTime: received.addingTimeInterval(-5))
        #expect(CacheFreshness(entry: corrected, now: received).age == 25)
    }

    @Test func aDateInTheFutureGivesNoNegativeAge() {
        #expect(CacheFreshness(entry: entry([("Date", date(3600))]), now: received).age == 0)
    }

    @Test(arguments: [("30, 60", 30.0), ("abc", 0.0), ("-5", 0.0), (" 40 ", 40.0), ("99999999999", 2_147_483_648.0)])
    func theAgeFieldIsItsFirstMemberAndIgnoredWhenInvalid(_ value: String, _ age: TimeInterval) {
        let stored = entry([("Date", date(0)), ("Age", value)])
        #expect(CacheFreshness(entry: stored, now: received).age == age)
    }

    @Test func withoutADateTheTimeReceivedStandsIn() {
        let stored = entry([("Expires", date(100))])
        let state = CacheFreshness(entry: stored, now: received.addingTimeInterval(10))
        #expect(state.lifetime == 100)
        #expect(state.age == 10)
    }

    @Test func expiresIsMeasuredFromDateNotFromTheTimeReceived() {
        // The origin's clock is an hour behind: Expires − Date still gives 100 s.
        let stored = entry([("Date", date(-3600)), ("Expires", date(-3500))])
        #expect(CacheFreshness(entry: stored, now: received).lifetime == 100)
    }

    @Test func anExpiresBeforeTheDateIsAlreadyExpired() {
        #expect(CacheFreshness(entry: entry([("Date", date(0)), ("Expires", date(-10))]), now: received).lifetime == 0)
    }

    @Test func anExpiresRepeatedWithTheSameValueCounts() {
        let stored = entry([("Date", date(0)), ("Expires", date(100)), ("Expires", date(100))])
        #expect(CacheFreshness(entry: stored, now: received).lifetime == 100)
    }

    @Test func aMalformedMaxAgeWinsOverExpiresAndIsStale() {
        let stored = entry([("Date", date(0)), ("Cache-Control", "max-age=soon"), ("Expires", date(1000))])
        #expect(!CacheFreshness(entry: stored, now: received).isFresh)
    }

    @Test func anExplicitExpiryLeavesNoRoomForHeuristics() {
        let stored = entry([("Date", date(0)), ("Expires", "0"), ("Last-Modified", date(-100_000))])
        #expect(CacheFreshness(entry: stored, now: received).lifetime == 0)
    }

    @Test func aPrivateResponseIsMarkedCacheableForHeuristics() {
        let stored = entry([("Date", date(0)), ("Last-Modified", date(-1000)), ("Cache-Control", "private")], status: 201)
        #expect(CacheFreshness(entry: stored, now: received).lifetime == 100)
    }

    @Test func noHeuristicsWithoutLastModifiedOrWithOneInTheFuture() {
        #expect(CacheFreshness(entry: entry([("Date", date(0))]), now: received).lifetime == 0)
        #expect(CacheFreshness(entry: entry([("Date", date(0)), ("Last-Modified", date(60))]), now: received).lifetime == 0)
        #expect(CacheFreshness(entry: entry([("Date", date(0)), ("Last-Modified", "last week")]), now: received).lifetime == 0)
    }

    @Test(arguments: [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501])
    func everyStatusCacheableByDefaultGetsHeuristics(_ status: Int) {
        #expect(CacheFreshness.heuristicallyCacheable.contains(status))
        let stored = entry([("Date", date(0)), ("Last-Modified", date(-1000))], status: status)
        #expect(CacheFreshness(entry: stored, now: received).lifetime == 100)
    }

    @Test func freshMeansTheLifetimeIsLongerThanTheAge() {
        let stored = entry([("Date", date(0)), ("Cache-Control", "max-age=60")])
        #expect(CacheFreshness(entry: stored, now: received.addingTimeInterval(59)).isFresh)
        #expect(!CacheFreshness(entry: stored, now: received.addingTimeInterval(60)).isFresh)
        #expect(CacheFreshness(entry: stored, now: received.addingTimeInterval(90)).staleness == 30)
        #expect(CacheFreshness(entry: stored, now: received.addingTimeInterval(30)).staleness == 0)
    }

    @Test func aQualifiedNoCacheIsRevalidatedEvenWhenFresh() {
        let state = CacheFreshness(entry: entry([("Date", date(0)), ("Cache-Control", #"max-age=60, no-cache="X-Token""#)]),
                                   now: received)
        #expect(!state.satisfies(CacheControl([])))
        #expect(!state.mayServeStale)
    }

    @Test func aRequestsNoCacheOrPragmaRevalidatesAFreshResponse() {
        let state = CacheFreshness(entry: entry([("Date", date(0)), ("Cache-Control", "max-age=60")]), now: received)
        #expect(!state.satisfies(CacheControl(["no-cache"])))
        #expect(!state.satisfies(CacheControl(requestFields: [HTTPHeaderField(name: "Pragma", value: "no-cache")])))
    }

    @Test func maxStaleWithoutAValueServesAnyStaleness() {
        let state = CacheFreshness(entry: entry([("Date", date(0)), ("Cache-Control", "max-age=1")]),
                                   now: received.addingTimeInterval(1_000_000))
        #expect(state.satisfies(CacheControl(["max-stale"])))
    }

    @Test func minFreshAlsoRefusesAStaleResponseWithinMaxStale() {
        let state = CacheFreshness(entry: entry([("Date", date(0)), ("Cache-Control", "max-age=60")]),
                                   now: received.addingTimeInterval(70))
        #expect(state.satisfies(CacheControl(["max-stale=20"])))
        #expect(!state.satisfies(CacheControl(["max-stale=20, min-fresh=1"])))
    }

    @Test func aStaleImmutableResponseIsNotExempt() {
        let state = CacheFreshness(entry: entry([("Date", date(0)), ("Cache-Control", "max-age=10, immutable")]),
                                   now: received.addingTimeInterval(30))
        #expect(!state.satisfies(CacheControl(["max-age=0"])))
        #expect(!state.satisfies(CacheControl([])))
    }

    @Test func staleIfErrorComesFromTheResponseTheRequestOrTheTarget() {
        let stored = entry([("Date", date(0)), ("Cache-Control", "max-age=10, stale-if-error=60")])
        let state = CacheFreshness(entry: stored, now: received.addingTimeInterval(40))
        #expect(state.mayServeStale(ifError: CacheControl([]), allowing: nil))
        let later = CacheFreshness(entry: stored, now: received.addingTimeInterval(100))
        #expect(!later.mayServeStale(ifError: CacheControl([]), allowing: nil))
        #expect(later.mayServeStale(ifError: CacheControl(["stale-if-error=100"]), allowing: nil))
        #expect(later.mayServeStale(ifError: CacheControl([]), allowing: 90))
        #expect(!later.mayServeStale(ifError: CacheControl(["stale-if-error=10"]), allowing: 10))
    }

    @Test func staleWhileRevalidateIsRefusedByMustRevalidate() {
        let stored = entry([("Date", date(0)), ("Cache-Control", "max-age=10, stale-while-revalidate=60, must-revalidate")])
        #expect(!CacheFreshness(entry: stored, now: received.addingTimeInterval(20)).isWithinStaleWhileRevalidate)
    }

    @Test func proxyRevalidateDoesNotBindAPrivateCache() {
        let stored = entry([("Date", date(0)), ("Cache-Control", "max-age=10, proxy-revalidate")])
        #expect(CacheFreshness(entry: stored, now: received.addingTimeInterval(20)).satisfies(CacheControl(["max-stale"])))
    }

    @Test func aTwoDigitYearIsReadNearTheTimeReceivedNotTheWallClock() {
        // RFC 850 `06-Nov-50` received in 1950 is 1950; against today's clock it would be 2050,
        // in the future, and the apparent age would be 0 instead of 10.
        let received = Date(timeIntervalSince1970: -604_422_623 + 10)   // 10 s after Mon, 06 Nov 1950 08:49:37 GMT
        let stored = CacheEntry(statusCode: 200, headerFields: [HTTPHeaderField(name: "Date", value: "Monday, 06-Nov-50 08:49:37 GMT")],
                                body: Data(), requestTime: received, responseTime: received, variant: .none)
        #expect(CacheFreshness(entry: stored, now: received).age == 10)
    }
}
