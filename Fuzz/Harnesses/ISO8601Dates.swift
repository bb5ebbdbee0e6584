// ISO 8601 dates in bodies: `ISO8601.date(from:)` (behind
// `JSONDecoder.DateDecodingStrategy.iso8601WithFractionalSeconds`) and `ISO8601.string(from:)`
// (what form, multipart and JSON bodies write).
//
// Input: a mode byte. Mode even: the rest is text, read as a date. Mode odd: eight bytes name an
// instant (milliseconds within 2³⁵ s of 1970, or whole seconds within the supported ±10¹⁴ s),
// written by Quiver; the rest is text, read as a date.
// Properties:
// - any text that reads as a date, through the decoding strategy inside a JSON string, reads as
//   the same date as through `ISO8601.date(from:)`;
// - a date read from text, written with milliseconds, reads back as the same instant (to the
//   millisecond); written without, it reads back as its whole second (within 2³⁵ s of 1970,
//   where a `Date` holds milliseconds exactly enough);
// - text in Quiver's own form (`YYYY-MM-DDTHH:MM:SS.mmmZ`, a year without extra leading zeros,
//   a real day, no leap second) writes back as itself;
// - an instant written by Quiver, with or without milliseconds, reads back as itself (or its
//   whole second), is in Quiver's own form, and, for years 1583 to 9999 (where Foundation's
//   Gregorian calendar agrees), names the same instant as Foundation's `ISO8601DateFormatter`
//   reads from it.
import Foundation
@testable import Quiver

enum ISO8601DatesHarness: FuzzHarness {
    static let name = "ISO8601Dates"

    nonisolated(unsafe) static let foundation: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601WithFractionalSeconds
        return decoder
    }()

    /// Within this many seconds of 1970 (about 1,090 years) a `Date` holds every millisecond
    /// exactly enough that reading and writing it cannot differ by rounding alone.
    static let exactMilliseconds: Double = 34_359_738_368   // 2³⁵

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let mode = input.byte()
        if mode % 2 == 1 {
            var raw: UInt64 = 0
            for _ in 0..<8 { raw = raw << 8 | UInt64(input.byte()) }
            if mode & 2 == 0 {
                // Milliseconds within 2³⁵ seconds of 1970.
                checkWritten(milliseconds: (Int64(bitPattern: raw) % 34_359_738_368_000) >> Int((mode >> 2) % 32))
            } else {
                // Whole seconds anywhere in the supported range.
                checkWritten(seconds: (Int64(bitPattern: raw) % 99_999_999_999_999) >> Int((mode >> 2) % 48))
            }
        }
        checkRead(String(decoding: input.rest, as: UTF8.self))
    }

    static func checkWritten(milliseconds: Int64) {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        guard let text = ISO8601.string(from: date, fractionalSeconds: true),
              let whole = ISO8601.string(from: date, fractionalSeconds: false) else {
            FuzzFailure.report("\(milliseconds) ms is in range but was not written")
        }
        require(isOwnForm(text, fraction: true), "\(milliseconds) ms written as \(text)")
        require(isOwnForm(whole, fraction: false), "\(milliseconds) ms written as \(whole)")
        guard let read = ISO8601.date(from: text), let readWhole = ISO8601.date(from: whole) else {
            FuzzFailure.report("\(text) or \(whole), written by Quiver, does not read back")
        }
        require(millis(read) == milliseconds, "\(text) reads back as \(millis(read)) ms, not \(milliseconds)")
        let second = milliseconds >= 0 ? milliseconds / 1000 : -((-milliseconds + 999) / 1000)
        require(millis(readWhole) == second * 1000, "\(whole) reads back as \(millis(readWhole)) ms, not the second of \(milliseconds) ms")
        if !text.hasPrefix("-"), text.utf8.count == 24, let year = Int(text.prefix(4)), (1583...9999).contains(year) {
            guard let other = foundation.date(from: text) else { FuzzFailure.report("Foundation does not read \(text)") }
            require(millis(other) == milliseconds, "Foundation reads \(text) as \(millis(other)) ms, not \(milliseconds)")
        }
    }

    static func checkWritten(seconds: Int64) {
        let date = Date(timeIntervalSince1970: Double(seconds))
        guard let whole = ISO8601.string(from: date, fractionalSeconds: false) else {
            FuzzFailure.report("\(seconds) s is in range but was not written")
        }
        require(isOwnForm(whole, fraction: false), "\(seconds) s written as \(whole)")
        require(ISO8601.date(from: whole)?.timeIntervalSince1970 == Double(seconds),
                "\(whole) reads back as \(String(describing: ISO8601.date(from: whole))), not \(seconds) s")
    }

    static func checkRead(_ text: String) {
        let date = ISO8601.date(from: text)
        // The decoding strategy, inside a JSON string (when the text can stand in one as it is).
        if !text.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }) {
            let decoded = try? decoder.decode([Date].self, from: Data("[\"\(text)\"]".utf8)).first
            require(decoded == date, "\(text.debugDescription): the strategy reads \(String(describing: decoded)), ISO8601 \(String(describing: date))")
        }
        guard let date else { return }
        let interval = date.timeIntervalSince1970
        require(interval.isFinite, "\(text.debugDescription) reads as \(interval)")
        guard interval.magnitude < exactMilliseconds else { return }
        guard let written = ISO8601.string(from: date, fractionalSeconds: true),
              let whole = ISO8601.string(from: date, fractionalSeconds: false) else {
            FuzzFailure.report("\(text.debugDescription) reads as \(interval), which is not written")
        }
        guard let again = ISO8601.date(from: written), let againWhole = ISO8601.date(from: whole) else {
            FuzzFailure.report("\(written) or \(whole) (from \(text.debugDescription)) does not read back")
        }
        require(millis(again) == Int64((interval * 1000).rounded()), "\(text.debugDescription) → \(written) → \(millis(again)) ms, not \(interval)")
        require(againWhole.timeIntervalSince1970 == interval.rounded(.down), "\(text.debugDescription) → \(whole) → \(againWhole.timeIntervalSince1970), not \(interval.rounded(.down))")
        // Text in Quiver's own form, naming a real day and no leap second, writes back as itself.
        if isOwnForm(text, fraction: true), isCanonicalYear(text), isRealDay(text), !text.contains(":60.") {
            require(written == text, "\(text) writes back as \(written)")
        }
    }

    static func millis(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// `YYYY-MM-DDTHH:MM:SS(.mmm)Z`, a year of four digits or more, with an optional `-`.
    static func isOwnForm(_ text: String, fraction: Bool) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let year = bytes.prefix { (0x30...0x39).contains($0) }
        guard year.count >= 4, year.count <= 9 else { return false }
        let rest = Array(bytes.dropFirst(year.count))
        let shape = fraction ? "-00-00T00:00:00.000Z" : "-00-00T00:00:00Z"
        guard rest.count == shape.utf8.count else { return false }
        return zip(rest, shape.utf8).allSatisfy { byte, expected in
            expected == UInt8(ascii: "0") ? (0x30...0x39).contains(byte) : byte == expected
        }
    }

    /// Whether the year is written as Quiver writes it: no zero in front of a fifth digit, and no
    /// `-` before year 0.
    static func isCanonicalYear(_ text: String) -> Bool {
        let negative = text.hasPrefix("-")
        let year = (negative ? text.dropFirst() : text[...]).prefix { $0.isASCII && $0.isNumber }
        if year.count > 4, year.first == "0" { return false }
        return !(negative && year.allSatisfy { $0 == "0" })
    }

    /// Whether the date part names a day that exists, the time part a time that does.
    static func isRealDay(_ text: String) -> Bool {
        let negative = text.hasPrefix("-")
        let body = negative ? String(text.dropFirst()) : text
        let parts = body.split(separator: "T")
        guard parts.count == 2 else { return false }
        let date = parts[0].split(separator: "-").compactMap { Int64($0) }
        let time = parts[1].dropLast().split(separator: ":").compactMap { Double($0) }
        guard date.count == 3, time.count == 3 else { return false }
        let year = negative ? -date[0] : date[0]
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(date[1]), (1...days[Int(date[1]) - 1]).contains(date[2]) else { return false }
        return time[0] < 24 && time[1] < 60 && time[2] < 60
    }
}
