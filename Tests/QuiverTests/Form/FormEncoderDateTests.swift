import Foundation
import Testing
@testable import Quiver

@Suite struct FormEncoderDateTests {
    /// 2026-11-22T15:00:00Z
    static let fixedDate = Date(timeIntervalSince1970: 1_795_359_600)
    /// 2026-11-22T15:00:00.250Z
    static let fractionalDate = Date(timeIntervalSince1970: 1_795_359_600.25)

    struct Failure: Error {}

    @Test(arguments: [
        (FormEncoder.DateEncoding.iso8601, fixedDate, "2026-11-22T15%3A00%3A00Z"),
        (.iso8601, fractionalDate, "2026-11-22T15%3A00%3A00Z"),
        (.iso8601WithFractionalSeconds, fixedDate, "2026-11-22T15%3A00%3A00.000Z"),
        (.iso8601WithFractionalSeconds, fractionalDate, "2026-11-22T15%3A00%3A00.250Z"),
        (.secondsSince1970, fixedDate, "1795359600"),
        (.secondsSince1970, fractionalDate, "1795359600.25"),
        (.millisecondsSince1970, fixedDate, "1795359600000"),
        (.millisecondsSince1970, fractionalDate, "1795359600250"),
        (.custom { date in "day \(Int(date.timeIntervalSince1970) / 86_400)" }, fixedDate, "day%2020779"),
    ])
    func datesFollowTheDateEncoding(encoding: FormEncoder.DateEncoding, date: Date, expected: String) throws {
        let encoder = FormEncoder(dateEncoding: encoding)
        #expect(try encoder.encode(["at": .date(date)]) == "at=\(expected)")
    }

    @Test func defaultDateEncodingIsWholeSecondISO8601() throws {
        #expect(try FormEncoder().encode(["at": .date(Self.fixedDate)]) == "at=2026-11-22T15%3A00%3A00Z")
    }

    @Test(arguments: [
        0, -1, 951_782_400, 4_102_444_800, 253_402_300_799, 1_709_164_800.999,
        -31_622_400, 1_795_359_599.9996, 978_307_200.5, -0.25,
    ] as [TimeInterval])
    func iso8601MatchesFoundationsFormatter(interval: TimeInterval) throws {
        let date = Date(timeIntervalSince1970: interval)
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]

        let wholeSeconds = Date(timeIntervalSince1970: interval.rounded(.down))
        let milliseconds = Date(timeIntervalSince1970: (interval * 1000).rounded() / 1000)
        #expect(try decodedValue(FormEncoder(dateEncoding: .iso8601), date) == plain.string(from: wholeSeconds))
        #expect(
            try decodedValue(FormEncoder(dateEncoding: .iso8601WithFractionalSeconds), date)
                == fractional.string(from: milliseconds)
        )
    }

    @Test(arguments: [
        (-62_135_596_800, "0001-01-01T00:00:00Z"),
        (-62_162_035_201, "0000-02-29T23:59:59Z"),
        (-62_167_219_200, "0000-01-01T00:00:00Z"),
        (-62_198_755_200, "-0001-01-01T00:00:00Z"),
        (253_402_300_800, "10000-01-01T00:00:00Z"),
    ] as [(TimeInterval, String)])
    func iso8601UsesTheProlepticGregorianCalendarForDistantYears(interval: TimeInterval, expected: String) throws {
        // Foundation's formatter switches to the Julian calendar before 1582;
        // ISO 8601 does not.
        #expect(try decodedValue(FormEncoder(), Date(timeIntervalSince1970: interval)) == expected)
    }

    @Test func millisecondsAreRoundedToTheNearestWholeMillisecond() throws {
        let encoder = FormEncoder(dateEncoding: .millisecondsSince1970)
        #expect(try encoder.encode(["at": .date(Date(timeIntervalSince1970: 1.0006))]) == "at=1001")
        #expect(try encoder.encode(["at": .date(Date(timeIntervalSince1970: -1.5))]) == "at=-1500")
    }

    @Test(arguments: [
        FormEncoder.DateEncoding.iso8601, .iso8601WithFractionalSeconds, .secondsSince1970, .millisecondsSince1970,
    ])
    func nonFiniteOrFarDatesThrow(encoding: FormEncoder.DateEncoding) {
        let encoder = FormEncoder(dateEncoding: encoding)
        for interval in [TimeInterval.nan, .infinity, -.infinity] {
            let error = #expect(throws: FormEncoder.Error.self) {
                try encoder.encode(["a": ["at": .date(Date(timeIntervalSince1970: interval))]])
            }
            guard case .dateOutOfRange(let path)? = error else {
                Issue.record("unexpected error \(String(describing: error))")
                continue
            }
            #expect(path == "a[at]")
        }
    }

    @Test func customDateEncodingErrorsAreWrapped() {
        let encoder = FormEncoder(dateEncoding: .custom { _ in throw Failure() })
        let error = #expect(throws: FormEncoder.Error.self) {
            try encoder.encode(["list": [.date(Self.fixedDate)]])
        }
        guard case .dateEncodingFailed(let path, let underlying)? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(path == "list[]")
        #expect(underlying is Failure)
    }

    @Test func customDateStringsAreEscaped() throws {
        let encoder = FormEncoder(dateEncoding: .custom { _ in "22/11/2026 15:00" })
        #expect(try encoder.encode(["at": .date(Self.fixedDate)]) == "at=22%2F11%2F2026%2015%3A00")
    }

    @Test func datesInModelsUseTheDateEncoding() throws {
        struct Window: Encodable {
            var from: Date
            var until: Date?
            var history: [Date]
        }
        let window = Window(from: Self.fixedDate, until: nil, history: [Self.fixedDate, Self.fractionalDate])
        let seconds = FormEncoder(dateEncoding: .secondsSince1970)
        #expect(try seconds.encode(window) == "from=1795359600&history%5B%5D=1795359600&history%5B%5D=1795359600.25")
        let iso = FormEncoder(arrayEncoding: .commaSeparated)
        #expect(
            try iso.encode(window)
                == "from=2026-11-22T15%3A00%3A00Z&history=2026-11-22T15%3A00%3A00Z,2026-11-22T15%3A00%3A00Z"
        )
    }

    private func decodedValue(_ encoder: FormEncoder, _ date: Date) throws -> String? {
        var components = URLComponents()
        components.percentEncodedQuery = try encoder.encode(["d": .date(date)])
        return components.queryItems?.first?.value
    }
}
