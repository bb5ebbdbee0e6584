import Foundation
import Testing
@testable import Quiver

/// RFC 9111 §5.2: directives read from any spelling a server or client sends.
@Suite struct CacheControlTests {
    @Test func directivesAreReadWhateverTheirCaseSpacingAndQuoting() {
        let control = CacheControl([#"Public , MAX-AGE="60",, no-cache="Set-Cookie, X-Private" ,stale-if-error=30"#])
        #expect(control.isPublic)
        #expect(control.maxAge == 60)
        #expect(!control.noCache)
        #expect(control.noCacheFields == ["set-cookie", "x-private"])
        #expect(control.staleIfError == 30)
    }

    /// Read by byte, as a server writes it: before, a comma followed by a combining mark was one
    /// `Character`, so `no-store,\u{301}x` hid the `no-store` inside an unknown directive's name.
    @Test func aCombiningMarkAfterACommaOrEqualsSignSeparatesNothingLess() {
        #expect(CacheControl(["no-store,\u{301}x"]).noStore)
        #expect(CacheControl(["max-age=\u{301}5, must-revalidate"]).mustRevalidate)
        #expect(CacheControl(["max-age=\u{301}5"]).maxAge == 0)
        #expect(CacheControl(["private=\"a,\u{301}b\""]).privateFields == ["a", "\u{301}b"])
    }

    /// Only spaces and horizontal tabs are white space (RFC 9110 §5.6.3): another space
    /// character makes a value malformed, not padded.
    @Test func onlySpacesAndTabsAreWhiteSpace() {
        #expect(CacheControl([" \tmax-age=60\t , no-cache "]).maxAge == 60)
        #expect(CacheControl([" \tmax-age=60\t , no-cache "]).noCache)
        #expect(CacheControl(["max-age=\u{A0}60"]).maxAge == 0)
        #expect(!CacheControl(["\u{3000}no-store"]).noStore)
        #expect(CacheControl.trimmed("\t a b \t") == "a b")
    }

    @Test func everyFieldLineCounts() {
        let control = CacheControl(["max-age=60", "must-revalidate", "immutable"])
        #expect(control.maxAge == 60)
        #expect(control.mustRevalidate)
        #expect(control.immutable)
    }

    @Test(arguments: ["max-age=abc", "max-age=", "max-age=-1", "max-age=1.5", "max-age"])
    func aMalformedMaxAgeIsStaleAtOnce(_ directive: String) {
        #expect(CacheControl([directive]).maxAge == 0)
    }

    @Test func aDirectiveRepeatedWithAnotherValueTakesTheStrictestReading() {
        #expect(CacheControl(["max-age=60, max-age=3600"]).maxAge == 0)
        #expect(CacheControl(["max-age=60", "max-age=60"]).maxAge == 60)
        #expect(CacheControl(["min-fresh=10, min-fresh=30"]).minFresh == 30)
    }

    @Test func aHugeDeltaIsCappedAtTwoToTheThirtyFirst() {
        #expect(CacheControl(["max-age=99999999999999999999999"]).maxAge == 1 << 31)
    }

    @Test func maxStaleWithoutAValueAcceptsAnyStaleness() {
        #expect(CacheControl(["max-stale"]).maxStale == Int.max)
        #expect(CacheControl(["max-stale=30"]).maxStale == 30)
    }

    @Test func aCommaInsideAQuotedStringDoesNotSplit() {
        let directives = CacheControl.directives(in: #"private="a, b", max-age=5, x="q\"uote, d""#)
        #expect(directives.map(\.name) == ["private", "max-age", "x"])
        #expect(directives.last?.argument == #"q"uote, d"#)
    }

    @Test func pragmaNoCacheCountsOnlyWithoutCacheControl() {
        let pragma = [HTTPHeaderField(name: "Pragma", value: "no-cache")]
        #expect(CacheControl(requestFields: pragma).noCache)
        #expect(!CacheControl(requestFields: pragma + [HTTPHeaderField(name: "Cache-Control", value: "max-age=5")]).noCache)
        #expect(!CacheControl(responseFields: pragma).noCache)
    }

    @Test func unknownDirectivesAndEmptyItemsAreIgnored() {
        #expect(CacheControl([", ,community=\"UCI\", foo"]) == CacheControl([]))
    }

    @Test(arguments: [
        ("no-store", \CacheControl.noStore), ("no-cache", \.noCache), ("must-revalidate", \.mustRevalidate),
        ("proxy-revalidate", \.proxyRevalidate), ("private", \.isPrivate), ("public", \.isPublic),
        ("only-if-cached", \.onlyIfCached), ("immutable", \.immutable), ("no-transform", \.noTransform),
        ("must-understand", \.mustUnderstand),
    ] as [(String, KeyPath<CacheControl, Bool> & Sendable)])
    func eachFlagDirectiveIsReadAndOnlyIt(_ directive: String, _ flag: KeyPath<CacheControl, Bool> & Sendable) {
        #expect(CacheControl([directive.uppercased()])[keyPath: flag])
        #expect(!CacheControl([])[keyPath: flag])
        #expect(!CacheControl(["x-\(directive)"])[keyPath: flag])
    }

    @Test(arguments: [
        ("max-age=5", \CacheControl.maxAge), ("s-maxage=5", \.sharedMaxAge), ("max-stale=5", \.maxStale),
        ("min-fresh=5", \.minFresh), ("stale-while-revalidate=5", \.staleWhileRevalidate), ("stale-if-error=5", \.staleIfError),
    ] as [(String, KeyPath<CacheControl, Int?> & Sendable)])
    func eachDeltaDirectiveIsReadAndOnlyIt(_ directive: String, _ value: KeyPath<CacheControl, Int?> & Sendable) {
        #expect(CacheControl([directive])[keyPath: value] == 5)
        #expect(CacheControl([#"\#(directive.dropLast())"5""#])[keyPath: value] == 5)
        #expect(CacheControl([])[keyPath: value] == nil)
    }

    @Test func theRFCExamplesRead() {
        // RFC 9111 §5.2.2.4, §5.2.2.7, §5.2.3 and RFC 8246 §2.
        #expect(CacheControl([#"no-cache="Set-Cookie""#]).noCacheFields == ["set-cookie"])
        #expect(CacheControl([#"private="Set-Cookie, X-Token""#]).privateFields == ["set-cookie", "x-token"])
        let extended = CacheControl([#"private, community="UCI""#])
        #expect(extended.isPrivate && extended.privateFields.isEmpty)
        let immutable = CacheControl(["max-age=31536000, immutable"])
        #expect(immutable.maxAge == 31_536_000 && immutable.immutable)
    }

    @Test func aQualifiedNoCacheRequiresRevalidationLikeAnUnqualifiedOne() {
        #expect(CacheControl([#"no-cache="X-Token""#]).requiresRevalidation)
        #expect(CacheControl(["no-cache"]).requiresRevalidation)
        #expect(!CacheControl(["max-age=5"]).requiresRevalidation)
    }

    @Test func aQualifiedNoCacheRepeatedWithOtherNamesIsUnqualified() {
        #expect(CacheControl([#"no-cache="a""#, #"no-cache="b""#]).noCache)
        #expect(CacheControl([#"no-cache="a", no-cache"#]).noCache)
        #expect(CacheControl([#"no-cache="""#]).noCache)
    }

    @Test func directivesThatWidenWhatMayBeServedKeepTheSmallestValue() {
        #expect(CacheControl(["max-stale=30, max-stale=10"]).maxStale == 10)
        #expect(CacheControl(["max-stale", "max-stale=10"]).maxStale == 10)
        #expect(CacheControl(["stale-while-revalidate=30", "stale-while-revalidate=10"]).staleWhileRevalidate == 10)
        #expect(CacheControl(["stale-if-error=10, stale-if-error=30"]).staleIfError == 10)
        #expect(CacheControl(["stale-if-error=10, stale-if-error=x"]).staleIfError == 0)
    }

    @Test(arguments: ["max-stale=abc", "stale-while-revalidate", "stale-if-error=-5"])
    func aMalformedWideningDirectiveAllowsNothing(_ directive: String) {
        let control = CacheControl([directive])
        #expect([control.maxStale, control.staleWhileRevalidate, control.staleIfError].compactMap { $0 } == [0])
    }

    @Test func aMalformedMinFreshAsksForTheMostFreshness() {
        #expect(CacheControl(["min-fresh=soon"]).minFresh == CacheControl.largestDelta)
    }

    @Test func twoDifferentSharedMaxAgesAreStale() {
        #expect(CacheControl(["s-maxage=60", "s-maxage=120"]).sharedMaxAge == 0)
    }

    @Test(arguments: [
        ("0", 0), ("2147483647", 2_147_483_647), ("2147483648", 1 << 31), ("2147483649", 1 << 31), ("007", 7),
    ])
    func deltaSecondsAreDigitsCappedAtTwoToTheThirtyFirst(_ text: String, _ seconds: Int) {
        #expect(CacheControl.seconds(text) == seconds)
    }

    @Test(arguments: ["", " 5", "+5", "5s", "٣", "0x10", "1e3"])
    func deltaSecondsRefuseAnythingButDigits(_ text: String) {
        #expect(CacheControl.seconds(text) == nil)
    }

    @Test(arguments: [#"x="open, no-store"#, #"x=a"b, no-store"#, #"x="a"b, no-store"#])
    func aStrayQuoteHidesNoDirectiveAfterIt(_ value: String) {
        #expect(CacheControl([value]).noStore)
    }

    @Test func textAfterAClosingQuoteMakesTheArgumentMalformed() {
        #expect(CacheControl([#"max-age="60"0"#]).maxAge == 0)
    }

    @Test func spacesAndTabsAroundNamesAndArgumentsAreIgnored() {
        let control = CacheControl(["\t max-age = 60 ,\tno-store\t"])
        #expect(control.maxAge == 60)
        #expect(control.noStore)
    }

    @Test func pragmaIsReadCaseInsensitivelyAmongOtherPragmas() {
        #expect(CacheControl(requestFields: [HTTPHeaderField(name: "pragma", value: "x-foo, No-Cache")]).noCache)
        #expect(!CacheControl(requestFields: [HTTPHeaderField(name: "Pragma", value: "x-no-cache")]).noCache)
    }

    @Test func onlyCacheControlFieldsAreRead() {
        let fields = [HTTPHeaderField(name: "cache-control", value: "max-age=5"), HTTPHeaderField(name: "X-Cache-Control", value: "no-store")]
        let control = CacheControl(responseFields: fields)
        #expect(control.maxAge == 5)
        #expect(!control.noStore)
    }
}
