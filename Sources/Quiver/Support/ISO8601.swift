import Foundation

/// ISO 8601 timestamps in UTC, written and read with integer arithmetic in the proleptic
/// Gregorian calendar that ISO 8601 uses for every year (Foundation's formatters switch to the
/// Julian calendar before 1582), with no formatter, calendar or locale involved. The one
/// implementation behind form and multipart dates and
/// `JSONDecoder.DateDecodingStrategy.iso8601WithFractionalSeconds`.
enum ISO8601 {
    /// Dates further than this many seconds from 1970 (about three million years) are refused,
    /// which keeps every intermediate value exact.
    static let supportedSecondsRange: Double = 1e14

    /// `date` as `2026-11-22T15:00:00Z` (seconds rounded down) or, with `fractionalSeconds`,
    /// `2026-11-22T15:00:00.250Z` (rounded to the nearest millisecond); `nil` for a date that is
    /// not finite or is outside ``supportedSecondsRange``.
    static func string(from date: Date, fractionalSeconds: Bool) -> String? {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, interval.magnitude < supportedSecondsRange else { return nil }
        let milliseconds = fractionalSeconds ? Int64((interval * 1000).rounded()) : Int64(interval.rounded(.down)) * 1000
        let seconds = floorDivide(milliseconds, 1000)
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        let time = "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay % 3600 / 60, 2)):\(padded(secondOfDay % 60, 2))"
        let fraction = fractionalSeconds ? "." + padded(milliseconds - seconds * 1000, 3) : ""
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(time)\(fraction)Z"
    }

    /// The date `text` names, or `nil` when it is no ISO 8601 timestamp: a year of four digits
    /// or more (a leading `-` before year 0), `-MM-DDTHH:MM:SS`, any number of fractional
    /// digits, then `Z` or an offset (`+01:00`, `+0100`, `+01`). A leap second (`:60`) reads as
    /// `:59`, as Foundation's parser reads it.
    static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func skip(_ mark: Character) -> Bool {
            guard index < bytes.count, bytes[index] == mark.asciiValue else { return false }
            index += 1
            return true
        }
        /// The number in the next digits, at most `digits.upperBound` of them; `nil` when fewer
        /// than `digits` or out of `range`.
        func number(_ digits: ClosedRange<Int>, in range: ClosedRange<Int64>) -> Int64? {
            let start = index
            var value: Int64 = 0
            while index < bytes.count, index - start < digits.upperBound, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int64(bytes[index] - 0x30)
                index += 1
            }
            return digits.contains(index - start) && range.contains(value) ? value : nil
        }
        let negative = skip("-")
        guard let year = number(4...9, in: 0...999_999_999), skip("-"), let month = number(2...2, in: 1...12), skip("-"),
              let day = number(2...2, in: 1...31), skip("T"), let hour = number(2...2, in: 0...23), skip(":"),
              let minute = number(2...2, in: 0...59), skip(":"), let second = number(2...2, in: 0...60) else { return nil }
        var fraction = 0.0
        if skip(".") {
            let start = index
            guard number(1...18, in: 0...Int64.max) != nil else { return nil }
            fraction = Double("0." + String(decoding: bytes[start..<index], as: UTF8.self)) ?? 0
        }
        var offset: Int64 = 0
        if !(skip("Z") || skip("z")) {
            let sign: Int64 = skip("+") ? 1 : skip("-") ? -1 : 0
            guard sign != 0, let hours = number(2...2, in: 0...23),
                  let minutes = skip(":") || index < bytes.count ? number(2...2, in: 0...59) : 0 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard index == bytes.count else { return nil }
        let days = daysSince1970(year: negative ? -year : year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `value` with leading zeros to at least `width` digits, after any `-`.
    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Converts a day count since 1970-01-01 to a proleptic Gregorian year, month and day,
    /// counting in 400-year cycles of 146 097 days that start on 1 March so the leap day falls
    /// at the end of each year.
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let daysSinceEpoch0000 = days + 719_468             // days since 0000-03-01
        let cycle = floorDivide(daysSinceEpoch0000, 146_097)
        let dayOfCycle = daysSinceEpoch0000 - cycle * 146_097  // 0...146_096
        let yearOfCycle = (dayOfCycle - dayOfCycle / 1460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365
        let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)  // from 1 March
        let shiftedMonth = (5 * dayOfYear + 2) / 153          // 0 = March … 11 = February
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// The inverse of ``civilDate(daysSince1970:)``; a day past the month's end runs on into the
    /// next month.
    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let cycle = floorDivide(marchYear, 400)
        let yearOfCycle = marchYear - cycle * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return cycle * 146_097 + yearOfCycle * 365 + yearOfCycle / 4 - yearOfCycle / 100 + dayOfYear - 719_468
    }

    private static func floorDivide(_ dividend: Int64, _ divisor: Int64) -> Int64 {
        let quotient = dividend / divisor
        return (dividend % divisor != 0 && (dividend < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
