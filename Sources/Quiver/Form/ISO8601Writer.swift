import Foundation

/// Writes dates as ISO 8601 UTC timestamps (`2026-11-22T15:00:00Z`, or with
/// `.250` milliseconds) using integer arithmetic only, so no formatter,
/// calendar or locale is involved.
enum ISO8601Writer {
    /// Dates further than this many seconds from 1970 (about three million
    /// years) are rejected, which keeps every intermediate value exact.
    static let supportedSecondsRange: Double = 1e14

    /// Appends the unescaped ASCII timestamp of a date.
    ///
    /// - Returns: `false`, writing nothing, if the date is not finite or is
    ///   outside ``supportedSecondsRange``.
    static func append(_ date: Date, fractionalSeconds: Bool, to buffer: inout ByteBuffer) -> Bool {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, interval.magnitude < supportedSecondsRange else { return false }

        let seconds: Int64
        let milliseconds: Int64
        if fractionalSeconds {
            let total = Int64((interval * 1000).rounded())
            seconds = floorDivide(total, 1000)
            milliseconds = total - seconds * 1000
        } else {
            seconds = Int64(interval.rounded(.down))
            milliseconds = 0
        }
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)

        FormNumberWriter.append(year, paddedTo: 4, to: &buffer)
        buffer.append(UInt8(ascii: "-"))
        FormNumberWriter.append(month, paddedTo: 2, to: &buffer)
        buffer.append(UInt8(ascii: "-"))
        FormNumberWriter.append(day, paddedTo: 2, to: &buffer)
        buffer.append(UInt8(ascii: "T"))
        FormNumberWriter.append(secondOfDay / 3600, paddedTo: 2, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        FormNumberWriter.append(secondOfDay % 3600 / 60, paddedTo: 2, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        FormNumberWriter.append(secondOfDay % 60, paddedTo: 2, to: &buffer)
        if fractionalSeconds {
            buffer.append(UInt8(ascii: "."))
            FormNumberWriter.append(milliseconds, paddedTo: 3, to: &buffer)
        }
        buffer.append(UInt8(ascii: "Z"))
        return true
    }

    /// Converts a day count since 1970-01-01 to a proleptic Gregorian
    /// year, month and day, counting in 400-year cycles of 146 097 days that
    /// start on 1 March so the leap day falls at the end of each year.
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

    private static func floorDivide(_ dividend: Int64, _ divisor: Int64) -> Int64 {
        let quotient = dividend / divisor
        return (dividend % divisor != 0 && (dividend < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
