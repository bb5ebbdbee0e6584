// HTTP dates (`HTTPDate.parse`, what `Retry-After` and a cookie's `Expires` are read with) and
// `RetryPolicy.retryAfter(_:now:)`.
//
// Input: bytes 0–7 give a date (seconds from year 0 to 9999) and a "now", the rest is text.
// Properties:
// - the date, written in each of the three forms RFC 9110 names (IMF-fixdate, RFC 850 where its
//   two-digit year names it, asctime), parses back to the same date; the same with `Retry-After`;
// - any text that parses to a date gives the same date again when that date is written as an
//   IMF-fixdate and parsed (the parse names a real instant, to the second);
// - `Retry-After` of any text is nil or a finite delay of zero or more seconds.
import Foundation
@testable import Quiver

enum HTTPDateHarness: FuzzHarness {
    static let name = "HTTPDate"

    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z, from 1970.
    static let earliest = -62_167_219_200
    static let latest = 253_402_300_799

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        var raw: UInt64 = 0
        for _ in 0..<8 { raw = raw << 8 | UInt64(input.byte()) }
        let seconds = earliest + Int(raw % UInt64(latest - earliest + 1))
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        // "now" between 1970 and 2200, so that RFC 850's window holds years a server could send.
        let now = Date(timeIntervalSince1970: TimeInterval(Int(raw >> 20) % 7_258_118_400))
        let fields = Civil(seconds)
        for text in [fields.imfFixdate, fields.asctime] {
            require(HTTPDate.parse(text, now: now) == date, "\(text) parses to \(String(describing: HTTPDate.parse(text, now: now))), not \(date)")
            require(RetryPolicy.retryAfter(text, now: now) == max(0, date.timeIntervalSince(now)),
                    "Retry-After \(text) at \(now) is \(String(describing: RetryPolicy.retryAfter(text, now: now)))")
        }
        let nowYear = Civil(Int(now.timeIntervalSince1970)).year
        // RFC 9110: a two-digit year more than 50 years in the future is the most recent past
        // year with those digits; the RFC 850 form names this date only when that is its year.
        var windowYear = nowYear - nowYear % 100 + fields.year % 100
        if windowYear > nowYear + 50 { windowYear -= 100 }
        if fields.year == windowYear {
            let text = fields.rfc850
            require(HTTPDate.parse(text, now: now) == date, "\(text) at \(now) parses to \(String(describing: HTTPDate.parse(text, now: now))), not \(date)")
        }

        let text = String(decoding: input.rest, as: UTF8.self)
        if let parsed = HTTPDate.parse(text, now: now) {
            let again = Civil(Int(parsed.timeIntervalSince1970)).imfFixdate
            require(parsed.timeIntervalSince1970.rounded() == parsed.timeIntervalSince1970, "\(text.debugDescription) parses to a fraction of a second")
            require(HTTPDate.parse(again, now: now) == parsed, "\(text.debugDescription) parses to \(parsed), written \(again), which parses to \(String(describing: HTTPDate.parse(again, now: now)))")
        }
        if let delay = RetryPolicy.retryAfter(text, now: now) {
            require(delay.isFinite && delay >= 0, "Retry-After \(text.debugDescription) is \(delay)")
        }
    }

    /// A date's fields, computed here independently of Quiver (Howard Hinnant's civil_from_days).
    struct Civil {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, weekday = 0

        init(_ seconds: Int) {
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            let time = seconds - days * 86_400
            hour = time / 3_600
            minute = time % 3_600 / 60
            second = time % 60
            weekday = ((days % 7) + 7 + 4) % 7    // 1970-01-01 was a Thursday
            let z = days + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let doe = z - era * 146_097
            let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
            let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
            let mp = (5 * doy + 2) / 153
            day = doy - (153 * mp + 2) / 5 + 1
            month = mp < 10 ? mp + 3 : mp - 9
            year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        }

        static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        static let longDays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var four: String { String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year) }
        var clock: String { "\(two(hour)):\(two(minute)):\(two(second))" }
        var month3: String { Self.months[month - 1] }

        var imfFixdate: String { "\(Self.days[weekday]), \(two(day)) \(month3) \(four) \(clock) GMT" }
        var rfc850: String { "\(Self.longDays[weekday]), \(two(day))-\(month3)-\(two(year % 100)) \(clock) GMT" }
        var asctime: String { "\(Self.days[weekday]) \(month3) \(day < 10 ? " \(day)" : "\(day)") \(clock) \(four)" }
    }
}
