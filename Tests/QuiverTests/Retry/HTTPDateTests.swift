import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Issue 13, item 8: all three HTTP date forms of RFC 9110 section 5.6.7.
@Suite struct HTTPDateTests {
    /// Sun, 06 Nov 1994 08:49:37 GMT, RFC 9110's own example.
    private let example = Date(timeIntervalSince1970: 784_111_777)
    private let now = Date(timeIntervalSince1970: 1_700_000_000)   // 2023-11-14

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
                      "Sun Nov 6 08:49:37 1994", "  Sun, 06 Nov 1994 08:49:37 GMT "])
    func everyFormReadsTheSameInstant(text: String) {
        #expect(HTTPDate.parse(text, now: now) == example)
    }

    @Test(arguments: ["", "soon", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 31 Feb 1994 08:49:37 GMT",
                      "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT",
                      "Sun Nov  6 08:49 1994", "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 6 Nov 1994 8:49:37 GMT"])
    func malformedDatesAreNil(text: String) {
        #expect(HTTPDate.parse(text, now: now) == nil)
    }

    /// IMF-fixdate is read by byte first; that shortcut gives what the general reading gives,
    /// for real dates, impossible ones and near misses of the form alike.
    @Test func theShortcutForIMFFixdateReadsAsTheGeneralWay() {
        var instants = (0..<500).map { Date(timeIntervalSince1970: Double($0) * 6_311_432.7) }   // 1970 to about 2070
        instants += [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 253_402_300_799)]   // 9999-12-31
        for instant in instants {
            let text = CacheValidation.imfFixdate(instant)
            #expect(HTTPDate.fixdate(text) == HTTPDate.parseTokens(text, now: now))
            #expect(HTTPDate.fixdate(text) == Date(timeIntervalSince1970: floor(instant.timeIntervalSince1970)))
        }
        for text in ["Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 23:59:60 GMT",
                     "Sun, 00 Nov 1994 08:49:37 GMT", "Sun, 06 NOV 1994 08:49:37 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT",
                     "Sun, 06 Nov 0000 08:49:37 GMT", "Sun, 29 Feb 2000 08:49:37 GMT", "Sun, 29 Feb 1900 08:49:37 GMT"] {
            #expect(HTTPDate.fixdate(text) == HTTPDate.parseTokens(text, now: now), "\(text)")
        }
        for text in ["Sun, +6 Nov 1994 08:49:37 GMT", "Sun,\t06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 gmt",
                     "S1n, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMT "] {
            #expect(HTTPDate.fixdate(text) == nil, "\(text)")
        }
    }

    @Test func aTwoDigitYearMoreThanFiftyYearsAheadIsInThePastCentury() throws {
        // From 2023: "73" is 2073 (50 years ahead), "74" is 1974.
        let ahead = try #require(HTTPDate.parse("Sunday, 01-Jan-73 00:00:00 GMT", now: now))
        let past = try #require(HTTPDate.parse("Tuesday, 01-Jan-74 00:00:00 GMT", now: now))
        #expect(ahead.timeIntervalSince1970 == 3_250_454_400)
        #expect(past.timeIntervalSince1970 == 126_230_400)
    }

    @Test func imfFixdatesAgreeWithFoundationOverTwoCenturies() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var generator = SplitMix64(state: 1994)
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: TimeInterval(Int64.random(in: -2_208_988_800...4_102_444_799, using: &generator)))
            let text = formatter.string(from: date)
            #expect(HTTPDate.parse(text, now: now) == date, "\(text)")
        }
    }

    @Test func retryAfterAcceptsTheObsoleteForms() {
        let policy = RetryPolicy(baseDelay: 0.01)
        let request = URLRequest(url: URL(string: "https://api.example.com/a")!)
        for header in ["Tuesday, 14-Nov-23 22:13:50 GMT", "Tue Nov 14 22:13:50 2023", "Tue, 14 Nov 2023 22:13:50 GMT"] {
            let response = Response(statusCode: 503, data: Data(), request: request, response: HTTPURLResponse(
                url: request.url!, statusCode: 503, httpVersion: "HTTP/1.1", headerFields: ["Retry-After": header]))
            #expect(policy.delay(after: .failure(.statusCode(response)), request: request, attempt: 1, now: now) == 30, "\(header)")
        }
    }
}
