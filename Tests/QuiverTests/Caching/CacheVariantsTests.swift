import Foundation
import Testing
@testable import Quiver

/// RFC 9111 §4.1: `Vary`, the secondary keys and the selection of a stored variant.
@Suite struct CacheVariantsTests {
    func fields(_ pairs: [(String, String)]) -> [HTTPHeaderField] {
        pairs.map { HTTPHeaderField(name: $0.0, value: $0.1) }
    }

    func key(vary: [String], request: [(String, String)]) -> CacheVariantKey? {
        CacheVariants.key(responseFields: vary.map { HTTPHeaderField(name: "Vary", value: $0) }, requestFields: fields(request))
    }

    func entry(variant: CacheVariantKey = .none, date: String? = nil, received: TimeInterval = 0, tag: String = "") -> CacheEntry {
        let headers = [date.map { HTTPHeaderField(name: "Date", value: $0) }, HTTPHeaderField(name: "X-Tag", value: tag)].compactMap { $0 }
        return CacheEntry(statusCode: 200, headerFields: headers, body: Data(), requestTime: Date(timeIntervalSince1970: received),
                          responseTime: Date(timeIntervalSince1970: received), variant: variant)
    }

    @Test func withoutVaryTheKeyIsEmptyAndMatchesEveryRequest() throws {
        let key = try #require(CacheVariants.key(responseFields: [], requestFields: fields([("Accept", "x")])))
        #expect(key == .none)
        #expect(CacheVariants.matches(key, []))
        #expect(CacheVariants.matches(key, fields([("Accept", "y")])))
    }

    @Test(arguments: [["*"], ["Accept, *"], ["accept", " * "], ["Accept,*,Accept-Language"]])
    func varyStarAnywhereGivesNoKey(_ vary: [String]) {
        #expect(key(vary: vary, request: []) == nil)
    }

    @Test func aKeyThatMatchesNothingIsNeverMatched() {
        #expect(!CacheVariants.matches(CacheVariantKey(fields: [], matchesNothing: true), []))
    }

    @Test func namesAreLowercasedDeduplicatedAndKeptInOrderEmptyOnesDropped() throws {
        let names = try #require(key(vary: ["Accept-Language,, ACCEPT", "accept-language", " "], request: []))
        #expect(names.fields.map(\.name) == ["accept-language", "accept"])
    }

    @Test func anAbsentFieldIsRecordedAsAbsentAndDiffersFromAnEmptyOne() throws {
        let absent = try #require(key(vary: ["Accept"], request: []))
        #expect(absent.fields == [CacheVariantKey.Field(name: "accept", value: nil)])
        #expect(CacheVariants.matches(absent, []))
        #expect(!CacheVariants.matches(absent, fields([("Accept", "")])))
        #expect(!CacheVariants.matches(absent, fields([("Accept", "x")])))
    }

    @Test func requestFieldNamesMatchWhateverTheirCase() throws {
        let stored = try #require(key(vary: ["accept-encoding"], request: [("Accept-Encoding", "gzip")]))
        #expect(CacheVariants.matches(stored, fields([("ACCEPT-ENCODING", "gzip")])))
    }

    @Test func valuesAreKeptOnlyAsDigests() throws {
        let stored = try #require(key(vary: ["Authorization"], request: [("Authorization", "Bearer secret")]))
        #expect(stored.fields[0].value == CacheDigest(of: "Bearer secret"))
        #expect(!String(describing: stored).contains("secret"))
    }

    @Test(arguments: [
        // RFC 9110 §5.3: repeated lines combine; RFC 9111 §4.1: whitespace around commas goes.
        ([("Accept", "a/b, c/d")], [("Accept", "a/b"), ("Accept", "c/d")]),
        ([("Accept", "a/b, c/d")], [("Accept", "a/b,c/d")]),
        ([("Accept", "a/b, c/d")], [("Accept", " a/b ,\tc/d ")]),
        ([("Accept", "a/b, c/d")], [("Accept", "a/b,, c/d,")]),
        ([("Accept", "a/b, c/d")], [("Accept", ""), ("Accept", "a/b, c/d")]),
    ])
    func valuesEqualAfterNormalisationMatch(_ first: [(String, String)], _ second: [(String, String)]) throws {
        let stored = try #require(key(vary: ["Accept"], request: first))
        #expect(CacheVariants.matches(stored, fields(second)))
    }

    @Test(arguments: [
        [("Accept-Language", "EN, FR")],      // case is kept
        [("Accept-Language", "fr, en")],      // order is kept
        [("Accept-Language", "en")],
        [("Accept-Language", "e n, fr")],     // whitespace inside a member is kept
    ])
    func valuesThatDifferOtherwiseDoNotMatch(_ request: [(String, String)]) throws {
        let stored = try #require(key(vary: ["Accept-Language"], request: [("Accept-Language", "en, fr")]))
        #expect(!CacheVariants.matches(stored, fields(request)))
    }

    @Test func aQuotedStringIsNotNormalised() {
        #expect(CacheVariants.normalized([#"a="x , y", b"#]) == #"a="x , y", b"#)
        #expect(CacheVariants.normalized([#"a="x ,y""#]) != CacheVariants.normalized([#"a="x , y""#]))
        #expect(CacheVariants.normalized([#"a="q\", z" ,b"#]) == #"a="q\", z", b"#)
    }

    /// Read by scalar: before, a comma or quote followed by a combining mark was one
    /// `Character` and separated nothing.
    @Test func aCombiningMarkNeverHidesACommaOrAQuote() throws {
        #expect(CacheVariants.normalized(["a ,\u{301}b"]) == "a, \u{301}b")
        #expect(CacheVariants.normalized(["\"\u{301}x, y\" ,z"]) == "\"\u{301}x, y\", z")
        let stored = try #require(key(vary: ["Accept,\u{301}X"], request: [("Accept", "a")]))
        #expect(stored.fields.map(\.name) == ["accept", "\u{301}x"])
    }

    @Test func everyVariedFieldMustMatch() throws {
        let stored = try #require(key(vary: ["Accept, Accept-Language"], request: [("Accept", "a"), ("Accept-Language", "en")]))
        #expect(CacheVariants.matches(stored, fields([("Accept-Language", "en"), ("Accept", "a"), ("X-Other", "1")])))
        #expect(!CacheVariants.matches(stored, fields([("Accept", "a"), ("Accept-Language", "fr")])))
        #expect(!CacheVariants.matches(stored, fields([("Accept", "a")])))
    }

    @Test func selectionSkipsVariantsTheRequestDoesNotMatch() throws {
        let english = try #require(key(vary: ["Accept-Language"], request: [("Accept-Language", "en")]))
        let french = try #require(key(vary: ["Accept-Language"], request: [("Accept-Language", "fr")]))
        let entries = [entry(variant: english, received: 2, tag: "en"), entry(variant: french, received: 1, tag: "fr")]
        #expect(CacheVariants.select(from: entries, for: fields([("Accept-Language", "fr")]))?.headerFields.last?.value == "fr")
        #expect(CacheVariants.select(from: entries, for: fields([("Accept-Language", "de")])) == nil)
    }

    @Test func theMostRecentByDateIsSelectedThenTheLastReceived() {
        // §4: "the most recent response (as determined by the Date header field)".
        let newerDate = entry(date: "Sat, 28 Nov 2026 10:00:00 GMT", received: 1, tag: "newer date")
        let olderDate = entry(date: "Sat, 28 Nov 2026 09:00:00 GMT", received: 2, tag: "older date")
        #expect(CacheVariants.select(from: [newerDate, olderDate], for: [])?.headerFields.last?.value == "newer date")
        let sameDateLater = entry(date: "Sat, 28 Nov 2026 10:00:00 GMT", received: 3, tag: "later")
        #expect(CacheVariants.select(from: [newerDate, sameDateLater], for: [])?.headerFields.last?.value == "later")
    }
}
