import Testing
@testable import Quiver

@Suite struct CookieHeaderTests {
    @Test func aCookieHeaderHoldsEveryPair() {
        let cookies = CookieHeader.cookies(in: "a=1; session=SECRET;theme = dark", isSetCookie: false)
        #expect(cookies.map(\.name) == ["a", "session", "theme"])
        #expect(cookies.map(\.value) == ["1", "SECRET", "dark"])
    }

    @Test func aJoinedSetCookieHoldsOneCookiePerHeaderAndNoAttributes() {
        let value = "session=S1; Path=/; HttpOnly, remember=R2; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Path=/, csrf=c3; Secure"
        let cookies = CookieHeader.cookies(in: value, isSetCookie: true)
        #expect(cookies.map(\.name) == ["session", "remember", "csrf"])
        #expect(cookies.map(\.value) == ["S1", "R2", "c3"])
    }

    @Test func aRedactionPassRedactsEachCookieValueWhereverItStandsWithItsName() {
        var pass = RedactionPass(Redactor(.init()))
        _ = pass.headers(["Cookie": "a=1; session=LONG-SECRET-1", "Set-Cookie": "csrf=c3; Path=/, id=LONG-SECRET-2; HttpOnly"])
        let echo = pass.finish(#"{"cookies": {"a": "1", "csrf": "c3"}, "seen": "LONG-SECRET-1 LONG-SECRET-2", "id": "c3", "n": 1}"#)
        #expect(echo == #"{"cookies": {"a": "<redacted>", "csrf": "<redacted>"}, "seen": "<redacted> <redacted>", "id": "c3", "n": 1}"#)
        // `1` and `c3` are too short to be secrets alone: they go where they stand with their
        // cookie's name.
        #expect(pass.finish("sent data=1; a=1 csrf=c3") == "sent data=1; a=<redacted> csrf=<redacted>")
    }

    @Test func anEqualsSignThatACombiningMarkFollowsStillEndsTheName() {
        // One character with the mark, and still the `=` a server splits at.
        let cookies = CookieHeader.cookies(in: "a=1; token=\u{301}LONG-SECRET-1", isSetCookie: false)
        #expect(cookies.map(\.name) == ["a", "token"])
        #expect(cookies.map { Array($0.value.unicodeScalars) } == [["1"], Array("\u{301}LONG-SECRET-1".unicodeScalars)])
        let setCookies = CookieHeader.cookies(in: "id=\u{301}LONG-SECRET-2; Path=/", isSetCookie: true)
        #expect(setCookies.map(\.name) == ["id"])
    }
}
