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
}
