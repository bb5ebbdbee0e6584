import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// RFC 6265 matching and parsing of ``CookieJar``, without the network.
@Suite struct CookieJarTests {
    private func url(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    @Test func aHostOnlyCookieGoesBackToItsHostOnly() throws {
        let jar = CookieJar()
        jar.store(setCookie: ["id=1"], from: try url("https://api.example.com/login"))
        #expect(jar.cookieHeader(for: try url("https://api.example.com/")) == "id=1")
        #expect(jar.cookieHeader(for: try url("https://www.api.example.com/")) == nil)
        #expect(jar.cookieHeader(for: try url("https://example.com/")) == nil)
    }

    @Test func aDomainCookieGoesToTheDomainAndItsSubdomainsButCannotBeSetForAnother() throws {
        let jar = CookieJar()
        jar.store(setCookie: ["d=1; Domain=.Example.com; Path=/", "evil=1; Domain=other.com", "tld=1; Domain=com"],
                  from: try url("https://api.example.com/"))
        #expect(jar.cookieHeader(for: try url("https://example.com/x")) == "d=1")
        #expect(jar.cookieHeader(for: try url("https://deep.api.example.com/")) == "d=1")
        #expect(jar.cookieHeader(for: try url("https://other.com/")) == nil)
        #expect(jar.cookieHeader(for: try url("https://notexample.com/")) == nil)
    }

    @Test func pathsMatchWholeSegmentsAndDefaultToTheRequestsDirectory() throws {
        let jar = CookieJar()
        jar.store(setCookie: ["a=1; Path=/a", "dir=1"], from: try url("http://h.test/docs/page"))
        #expect(jar.cookieHeader(for: try url("http://h.test/a")) == "a=1")
        #expect(jar.cookieHeader(for: try url("http://h.test/a/b")) == "a=1")
        #expect(jar.cookieHeader(for: try url("http://h.test/ab")) == nil)
        #expect(jar.cookieHeader(for: try url("http://h.test/docs/other")) == "dir=1")
        #expect(jar.cookieHeader(for: try url("http://h.test/b")) == nil)
    }

    @Test func secureCookiesGoOverHTTPSOnlyAndLongerPathsComeFirst() throws {
        let jar = CookieJar()
        jar.store(setCookie: ["s=1; Secure; Path=/", "deep=1; Path=/x/y"], from: try url("https://h.test/x/y"))
        #expect(jar.cookieHeader(for: try url("http://h.test/x/y")) == "deep=1")
        #expect(jar.cookieHeader(for: try url("https://h.test/x/y")) == "deep=1; s=1")
    }

    @Test func expiredCookiesAreDroppedAndMaxAgeWinsOverExpires() throws {
        let jar = CookieJar()
        let site = try url("http://h.test/")
        jar.store(setCookie: ["old=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT",
                              "kept=1; Max-Age=60; Expires=Wed, 21 Oct 2015 07:28:00 GMT",
                              "later=1; Expires=Wed, 21 Oct 2099 07:28:00 GMT"], from: site)
        #expect(jar.cookieHeader(for: site) == "kept=1; later=1")
        jar.store(setCookie: ["later=1; Max-Age=0"], from: site)
        #expect(jar.cookieHeader(for: site) == "kept=1")
    }

    @Test func aCookieIsReplacedByOneOfTheSameNameDomainAndPath() throws {
        let jar = CookieJar()
        let site = try url("http://h.test/")
        jar.store(setCookie: ["a=1", "a=2"], from: site)
        #expect(jar.cookieHeader(for: site) == "a=2")
    }

    @Test func setCookieLinesJoinedByCommasAreSplitOutsideExpiresDates() {
        let joined = "a=1; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Path=/, b=2, c=x,y"
        #expect(CookieJar.split(joined) == ["a=1; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Path=/", "b=2", "c=x,y"])
    }

    @Test func malformedAndOversizedCookiesAreIgnored() throws {
        let jar = CookieJar()
        let site = try url("http://h.test/")
        jar.store(setCookie: ["novalue", "=1", "big=" + String(repeating: "x", count: 5000)], from: site)
        #expect(jar.isEmpty)
    }

    /// Found by Fuzz/Harnesses/SetCookie (#51): a control character in a name or value was kept
    /// and sent back, so a `Set-Cookie` line could add a line to the requests' headers.
    @Test func aLineHoldingAControlCharacterIsIgnored() throws {
        let jar = CookieJar()
        let site = try url("http://h.test/")
        jar.store(setCookie: ["a\r\nX-Injected: 1=v", "b=1\r\nX-Injected: 2", "\u{04}=x", "c=\0", "d=\u{7F}",
                              "e=1; Path=/\n"], from: site)
        #expect(jar.isEmpty)
        jar.store(setCookie: ["f=\t1"], from: site)
        #expect(jar.cookieHeader(for: site) == "f=1")
    }

    /// Found by Fuzz/Harnesses/SetCookie (#51): `;` and `=` were looked for by `Character`, so one
    /// followed by a combining mark did not separate, and a value sent back held a `;` that a
    /// server reads as the start of another cookie.
    @Test func separatorsFollowedByACombiningMarkStillSeparate() throws {
        let jar = CookieJar()
        let site = try url("http://h.test/")
        jar.store(setCookie: ["a=1;\u{358}b=2", "c=\u{301}x"], from: site)
        #expect(jar.cookieHeader(for: site) == "a=1; c=\u{301}x")
        #expect(CookieJar.split("d=1,\u{301}e=2") == ["d=1", "\u{301}e=2"])
    }

    @Test func anEmptyJarAddsNoHeaderAndKeepsTheCallersOwn() throws {
        let jar = CookieJar()
        var request = URLRequest(url: try url("http://h.test/"))
        request.setValue("mine=1", forHTTPHeaderField: "Cookie")
        jar.apply(to: &request, own: "mine=1")
        #expect(request.value(forHTTPHeaderField: "Cookie") == "mine=1")
        jar.store(setCookie: ["jar=2"], from: try url("http://h.test/"))
        jar.apply(to: &request, own: "mine=1")
        #expect(request.value(forHTTPHeaderField: "Cookie") == "mine=1; jar=2")
    }
}
