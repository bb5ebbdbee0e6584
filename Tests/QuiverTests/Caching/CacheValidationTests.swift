import Foundation
import Testing
@testable import Quiver

/// RFC 9111 §3.1 (stored fields), §3.2 (updating them), §4.3 (revalidation), §4.3.5 (`HEAD`).
@Suite struct CacheValidationTests {
    let sent = Date(timeIntervalSince1970: 1_800_000_100)
    let received = Date(timeIntervalSince1970: 1_800_000_101)

    func fields(_ pairs: [(String, String)]) -> [HTTPHeaderField] {
        pairs.map { HTTPHeaderField(name: $0.0, value: $0.1) }
    }

    func entry(_ pairs: [(String, String)], at time: TimeInterval = 1_800_000_000) -> CacheEntry {
        CacheEntry(statusCode: 200, headerFields: fields(pairs), body: Data("body".utf8), requestTime: Date(timeIntervalSince1970: time),
                   responseTime: Date(timeIntervalSince1970: time), variant: .none)
    }

    func update(_ stored: CacheEntry, _ pairs: [(String, String)]) -> CacheEntry? {
        CacheValidation.updated(stored, by: fields(pairs), requestTime: sent, responseTime: received)
    }

    // MARK: Stored fields (§3.1)

    @Test(arguments: ["Connection", "Keep-Alive", "Proxy-Connection", "TE", "Transfer-Encoding", "Upgrade", "Trailer",
                      "Set-Cookie", "set-cookie2", "Proxy-Authenticate", "Proxy-Authentication-Info", "Proxy-Authorization"])
    func aFieldACacheNeverStoresIsDropped(_ name: String) {
        #expect(CacheValidation.storedFields(of: fields([(name, "x"), ("Content-Type", "text/plain")]))
            == fields([("Content-Type", "text/plain")]))
    }

    @Test func theFieldsConnectionNamesAreDroppedWhateverTheirCase() {
        let stored = CacheValidation.storedFields(of: fields([("connection", "X-A ,, x-b"), ("x-a", "1"), ("X-B", "2"), ("X-C", "3")]))
        #expect(stored == fields([("X-C", "3")]))
    }

    @Test func everythingElseIsKeptInOrderRepeatedAndUnknownFieldsToo() {
        let kept = fields([("X-Unknown", "1"), ("Cache-Control", "max-age=5"), ("X-Unknown", "2"), ("Authorization-Info", "a")])
        #expect(CacheValidation.storedFields(of: kept) == kept)
    }

    // MARK: Conditions (§4.3.1)

    @Test func theConditionsAreTheStoredValidators() {
        let conditions = CacheValidation.conditions(for: entry([("ETag", "\"v1\""), ("Last-Modified", "Sat, 28 Nov 2026 00:00:00 GMT")]))
        #expect(conditions == fields([("If-None-Match", "\"v1\""), ("If-Modified-Since", "Sat, 28 Nov 2026 00:00:00 GMT")]))
        #expect(CacheValidation.conditions(for: entry([])).isEmpty)
    }

    @Test func aValidatorWithALineEndIsNeverSent() {
        #expect(CacheValidation.conditions(for: entry([("ETag", "\"v1\"\r\nX-Injected: 1")])).isEmpty)
        #expect(CacheValidation.conditions(for: entry([("Last-Modified", "x\u{0}y")])).isEmpty)
    }

    @Test func theConditionsOfSeveralVariantsNameEveryTagOnceAndTheLatestDate() {
        let english = entry([("ETag", "\"en\""), ("Date", "Sat, 28 Nov 2026 09:00:00 GMT"), ("Last-Modified", "Fri, 27 Nov 2026 09:00:00 GMT")])
        let french = entry([("ETag", "W/\"fr\""), ("Date", "Sat, 28 Nov 2026 10:00:00 GMT"), ("Last-Modified", "Fri, 27 Nov 2026 10:00:00 GMT")])
        let again = entry([("ETag", "\"en\"")], at: 0)
        #expect(CacheValidation.conditions(forVariants: [english, french, again])
            == fields([("If-None-Match", "\"en\", W/\"fr\""), ("If-Modified-Since", "Fri, 27 Nov 2026 10:00:00 GMT")]))
    }

    @Test func withoutLastModifiedTheDateIsTheCondition() {
        #expect(CacheValidation.conditions(forVariants: [entry([("Date", "Sat, 28 Nov 2026 09:00:00 GMT")])])
            == fields([("If-Modified-Since", "Sat, 28 Nov 2026 09:00:00 GMT")]))
        #expect(CacheValidation.conditions(forVariants: [entry([])]).isEmpty)
        #expect(CacheValidation.conditions(forVariants: []).isEmpty)
    }

    @Test func aVariantsValidatorWithALineEndIsLeftOut() {
        let conditions = CacheValidation.conditions(forVariants: [entry([("ETag", "\"a\"\r\nX: 1")]), entry([("ETag", "\"b\"")])])
        #expect(conditions == fields([("If-None-Match", "\"b\"")]))
    }

    // MARK: Which stored responses a 304 updates (§4.3.4)

    @Test func aStrongTagSelectsEveryEntryWithThatStrongTagAndNoWeakOne() {
        let one = entry([("ETag", "\"v1\""), ("X", "1")])
        let two = entry([("ETag", "\"v1\""), ("X", "2")])
        let weak = entry([("ETag", "W/\"v1\""), ("X", "3")])
        let other = entry([("ETag", "\"v2\""), ("X", "4")])
        #expect(CacheValidation.selected(by: fields([("ETag", "\"v1\"")]), among: [one, two, weak, other]) == [one, two])
        #expect(CacheValidation.selected(by: fields([("ETag", "\"v9\"")]), among: [one, two, weak, other]).isEmpty)
    }

    @Test func aWeakTagSelectsTheMostRecentWeakMatch() {
        let older = entry([("ETag", "\"v1\""), ("Date", "Sat, 28 Nov 2026 09:00:00 GMT")])
        let newer = entry([("ETag", "W/\"v1\""), ("Date", "Sat, 28 Nov 2026 10:00:00 GMT")])
        let other = entry([("ETag", "W/\"v2\""), ("Date", "Sat, 28 Nov 2026 11:00:00 GMT")])
        #expect(CacheValidation.selected(by: fields([("ETag", "W/\"v1\"")]), among: [older, newer, other]) == [newer])
    }

    @Test func withoutATagTheSameLastModifiedSelects() {
        let monday = entry([("Last-Modified", "Mon, 23 Nov 2026 00:00:00 GMT")])
        let tuesday = entry([("Last-Modified", "Tue, 24 Nov 2026 00:00:00 GMT")])
        #expect(CacheValidation.selected(by: fields([("Last-Modified", "Tue, 24 Nov 2026 00:00:00 GMT")]), among: [monday, tuesday])
            == [tuesday])
        #expect(CacheValidation.selected(by: fields([("Last-Modified", "Wed, 25 Nov 2026 00:00:00 GMT")]), among: [monday, tuesday])
            .isEmpty)
    }

    @Test func withoutAnyValidatorOnlyTheOnlyEntryIsSelected() {
        let one = entry([("ETag", "\"v1\"")])
        #expect(CacheValidation.selected(by: fields([("Date", "x")]), among: [one]) == [one])
        #expect(CacheValidation.selected(by: [], among: [one, entry([])]).isEmpty)
        #expect(CacheValidation.selected(by: [], among: []).isEmpty)
    }

    @Test func aStrongTagDoesNotConfirmAStoredWeakOne() {
        #expect(update(entry([("ETag", "W/\"v1\"")]), [("ETag", "\"v1\"")]) == nil)
        #expect(update(entry([("ETag", "\"v1\"")]), [("ETag", "W/\"v1\"")]) != nil)
        #expect(update(entry([("ETag", "\"v1\"")]), [("ETag", "\"v1\"")]) != nil)
        #expect(update(entry([("Last-Modified", "Mon, 23 Nov 2026 00:00:00 GMT")]), [("ETag", "\"v1\"")]) == nil)
    }

    // MARK: Updating stored fields (§3.2)

    @Test func a304ReplacesEveryFieldItCarriesAndKeepsTheRest() throws {
        let stored = entry([("Content-Type", "text/plain"), ("ETag", "\"v1\""), ("X-Many", "1"), ("X-Many", "2"), ("Vary", "Accept")])
        let updated = try #require(update(stored, [("ETag", "\"v1\""), ("x-many", "3"), ("Cache-Control", "max-age=9")]))
        #expect(updated.headerFields == fields([("Content-Type", "text/plain"), ("ETag", "\"v1\""), ("x-many", "3"), ("Vary", "Accept"),
                                                ("Cache-Control", "max-age=9")]))
        #expect(updated.requestTime == sent)
        #expect(updated.responseTime == received)
        #expect(updated.body == stored.body)
        #expect(updated.statusCode == 200)
    }

    @Test(arguments: ["Content-Length", "Content-Encoding", "Content-Range", "Transfer-Encoding", "Set-Cookie", "Connection",
                      "Proxy-Authenticate"])
    func a304NeverReplacesTheBodysFramingNorAddsWhatIsNeverStored(_ name: String) throws {
        let stored = entry([("ETag", "\"v1\""), ("Content-Length", "4"), ("Content-Encoding", "gzip")])
        let updated = try #require(update(stored, [("ETag", "\"v1\""), (name, "new")]))
        #expect(!updated.headerFields.contains { $0.name == name && $0.value == "new" })
    }

    @Test func theFieldsA304sConnectionNamesAreNotTaken() throws {
        let updated = try #require(update(entry([("ETag", "\"v1\""), ("X-Hop", "old")]),
                                          [("ETag", "\"v1\""), ("Connection", "X-Hop"), ("X-Hop", "new")]))
        #expect(updated.headerFields == fields([("ETag", "\"v1\""), ("X-Hop", "old")]))
    }

    @Test func theRevalidatedEntryTakesThe304sDateAndAge() throws {
        let stored = entry([("ETag", "\"v1\""), ("Date", "Sat, 28 Nov 2026 09:00:00 GMT"), ("Age", "300"), ("X", "y")])
        let withBoth = try #require(update(stored, [("ETag", "\"v1\""), ("Date", "Sun, 29 Nov 2026 09:00:00 GMT"), ("Age", "5")]))
        #expect(withBoth.headerFields == fields([("ETag", "\"v1\""), ("Date", "Sun, 29 Nov 2026 09:00:00 GMT"), ("Age", "5"), ("X", "y")]))
        let withNeither = try #require(update(stored, [("ETag", "\"v1\"")]))
        #expect(withNeither.headerFields == fields([("ETag", "\"v1\""), ("Date", CacheValidation.imfFixdate(received)), ("X", "y")]))
        #expect(CacheFreshness(entry: withNeither, now: received).age == 1)   // the exchange's own second, nothing more
    }

    @Test(arguments: [
        (0.0, "Thu, 01 Jan 1970 00:00:00 GMT"), (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"), (1_800_000_000.9, "Fri, 15 Jan 2027 08:00:00 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
    ])
    func anIMFFixdateIsWrittenAsRFC9110Shows(_ seconds: TimeInterval, _ text: String) {
        #expect(CacheValidation.imfFixdate(Date(timeIntervalSince1970: seconds)) == text)
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: seconds.rounded(.down)))
    }

    // MARK: HEAD (§4.3.5)

    @Test func aHeadResponseWithTheSameValidatorsAndLengthFreshens() throws {
        let stored = entry([("ETag", "\"v1\""), ("Last-Modified", "Mon, 23 Nov 2026 00:00:00 GMT"), ("Content-Length", "4"),
                            ("Cache-Control", "max-age=1")])
        let head = fields([("ETag", "\"v1\""), ("Content-Length", "4"), ("Cache-Control", "max-age=60")])
        let freshened = try #require(CacheValidation.freshened(stored, byHead: head, at: received))
        #expect(freshened.headerFields.contains(HTTPHeaderField(name: "Cache-Control", value: "max-age=60")))
        #expect(freshened.responseTime == received)
        #expect(freshened.body == stored.body)
    }

    @Test func aHeadResponseWithOnlyLastModifiedComparesThat() {
        let stored = entry([("ETag", "\"v1\""), ("Last-Modified", "Mon, 23 Nov 2026 00:00:00 GMT")])
        #expect(CacheValidation.freshened(stored, byHead: fields([("Last-Modified", "Mon, 23 Nov 2026 00:00:00 GMT")]), at: received) != nil)
        #expect(CacheValidation.freshened(stored, byHead: fields([("Last-Modified", "Tue, 24 Nov 2026 00:00:00 GMT")]), at: received) == nil)
    }

    @Test(arguments: [
        [("ETag", "\"v2\"")], [("ETag", "W/\"v1\"")], [("ETag", "\"v1\""), ("Content-Length", "5")],
        [("ETag", "\"v1\""), ("Last-Modified", "Tue, 24 Nov 2026 00:00:00 GMT")], [("Cache-Control", "max-age=60")], [],
    ])
    func aHeadResponseThatDoesNotShowTheSameRepresentationFreshensNothing(_ head: [(String, String)]) {
        let stored = entry([("ETag", "\"v1\""), ("Last-Modified", "Mon, 23 Nov 2026 00:00:00 GMT"), ("Content-Length", "4")])
        #expect(CacheValidation.freshened(stored, byHead: fields(head), at: received) == nil)
    }

    @Test func withoutAStoredContentLengthTheHeadsIsComparedWithTheStoredBody() {
        let stored = entry([("ETag", "\"v1\"")])   // a body of 4 bytes
        #expect(CacheValidation.freshened(stored, byHead: fields([("ETag", "\"v1\""), ("Content-Length", "4")]), at: received) != nil)
        #expect(CacheValidation.freshened(stored, byHead: fields([("ETag", "\"v1\""), ("Content-Length", "5")]), at: received) == nil)
    }

    @Test func aFreshenedEntryTakesTheHeadsDateAndAge() throws {
        let stored = entry([("ETag", "\"v1\""), ("Date", "Sat, 28 Nov 2026 09:00:00 GMT"), ("Age", "300")])
        let freshened = try #require(CacheValidation.freshened(stored, byHead: fields([("ETag", "\"v1\"")]), at: received))
        #expect(freshened.headerFields == fields([("ETag", "\"v1\""), ("Date", CacheValidation.imfFixdate(received))]))
    }

    @Test func mergingTheSameFieldsTwiceChangesNothingMore() {
        // Found by the CacheHeaders fuzzer: a repeated new name split around another new name.
        let incoming = fields([("Cache-Control", ""), ("Date", "d"), ("Cache-Control", "")])
        let once = CacheValidation.merged(fields([("Authorization", "a")]), with: incoming)
        #expect(once == fields([("Authorization", "a"), ("Cache-Control", ""), ("Cache-Control", ""), ("Date", "d")]))
        #expect(CacheValidation.merged(once, with: incoming) == once)
    }

    @Test func theCallersOwnConditionsAreRecognised() {
        for name in ["If-None-Match", "if-modified-since", "If-Match", "If-Unmodified-Since", "If-Range"] {
            #expect(CacheValidation.isPrecondition(name))
        }
        #expect(!CacheValidation.isPrecondition("If-Anything"))
    }
}
