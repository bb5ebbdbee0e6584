import Foundation

/// Reads an HTTP date in the three forms RFC 9110 (section 5.6.7) says a recipient must accept,
/// without a `DateFormatter` (costly to make, and not thread-safe to share on every platform):
///
/// - IMF-fixdate, the one senders use: `Sun, 06 Nov 1994 08:49:37 GMT`;
/// - the obsolete RFC 850 form: `Sunday, 06-Nov-94 08:49:37 GMT`;
/// - the obsolete asctime form: `Sun Nov  6 08:49:37 1994`.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date `text` names, or `nil` when it is in none of the three forms or names no real
    /// time. A two-digit RFC 850 year is read as RFC 9110 asks: one more than 50 years after
    /// `now` is taken from the century before.
    static func parse(_ text: String, now: Date = Date()) -> Date? {
        fixdate(text) ?? parseTokens(text, now: now)
    }

    /// ``parse(_:now:)`` the general way: the text split at spaces and tabs into the tokens of
    /// one of the three forms.
    static func parseTokens(_ text: String, now: Date) -> Date? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = tokens.first else { return nil }
        if first.hasSuffix(",") {
            if tokens.count == 6, tokens[5] == "GMT" {
                // IMF-fixdate: day, DD Mon YYYY HH:MM:SS GMT
                guard tokens[3].count == 4, let year = Int(tokens[3]) else { return nil }
                return date(day: tokens[1], month: tokens[2], year: year, time: tokens[4])
            }
            if tokens.count == 4, tokens[3] == "GMT" {
                // RFC 850: weekday, DD-Mon-YY HH:MM:SS GMT
                let parts = tokens[1].split(separator: "-", omittingEmptySubsequences: false)
                guard parts.count == 3, parts[2].count == 2, let short = Int(parts[2]) else { return nil }
                return date(day: parts[0], month: parts[1], year: fullYear(short, now: now), time: tokens[2])
            }
            return nil
        }
        // asctime: Mon DD HH:MM:SS YYYY (the day space-padded)
        guard tokens.count == 5, tokens[4].count == 4, let year = Int(tokens[4]) else { return nil }
        return date(day: tokens[2], month: tokens[1], year: year, time: tokens[3])
    }

    /// The four-digit year of a two-digit one, per RFC 9110's 50-year rule.
    private static func fullYear(_ short: Int, now: Date) -> Int {
        let current = Int(floor(now.timeIntervalSince1970 / 86_400))
        let thisYear = civil(fromDays: current)
        var year = thisYear - thisYear % 100 + short
        if year > thisYear + 50 { year -= 100 }
        return year
    }

    /// The date of text in exactly the form of IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT` (three
    /// letters, digits where digits go), read by byte: the form nearly every server sends, read
    /// without splitting. `nil` for anything else, which ``parse(_:now:)`` then reads the
    /// general way (and gives the same date for any text this reads).
    static func fixdate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 29, bytes[0..<3].allSatisfy(ASCII.isLetter), bytes[3] == 0x2C, bytes[4] == 0x20,
              bytes[7] == 0x20, bytes[11] == 0x20, bytes[16] == 0x20, bytes[19] == 0x3A, bytes[22] == 0x3A,
              bytes[25] == 0x20, bytes[26] == 0x47, bytes[27] == 0x4D, bytes[28] == 0x54 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard ASCII.isDigit(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        let name = bytes[8..<11].map(ASCII.lowercased)
        guard let day = number(5..<7), let year = number(12..<16), let hour = number(17..<19),
              let minute = number(20..<22), let second = number(23..<25),
              let month = months.firstIndex(where: { $0.utf8.elementsEqual(name) }) else { return nil }
        return date(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second)
    }

    private static func date(day: Substring, month: Substring, year: Int, time: Substring) -> Date? {
        guard (1...2).contains(day.count), let day = Int(day),
              let month = months.firstIndex(of: month.lowercased()).map({ $0 + 1 })
        else { return nil }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2])
        else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// The time these numbers name, when they name a real one (a leap second allowed).
    private static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Date? {
        guard (0...9999).contains(year), (1...31).contains(day), day <= daysIn(month: month, year: year),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (the "days from civil" method:
    /// years counted from March, so that the leap day ends the year).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year of a day counted from 1970-01-01 (the inverse of ``daysFromCivil(year:month:day:)``).
    private static func civil(fromDays days: Int) -> Int {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        return yearOfEra + era * 400 + (monthIndex >= 10 ? 1 : 0)
    }
}
