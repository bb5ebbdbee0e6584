import Foundation
import Testing
@testable import Quiver

@Suite struct ISO8601Tests {
    /// 2026-11-22T15:00:00Z
    static let instant: TimeInterval = 1_795_359_600

    @Test(arguments: [
        (instant, false, "2026-11-22T15:00:00Z"),
        (instant + 0.25, false, "2026-11-22T15:00:00Z"),
        (instant + 0.25, true, "2026-11-22T15:00:00.250Z"),
        (instant - 0.0004, true, "2026-11-22T15:00:00.000Z"),
        (-0.25, false, "1969-12-31T23:59:59Z"),
        (-62_162_035_201, false, "0000-02-29T23:59:59Z"),
        (-62_198_755_200, false, "-0001-01-01T00:00:00Z"),
        (253_402_300_800, true, "10000-01-01T00:00:00.000Z"),
    ] as [(TimeInterval, Bool, String)])
    func writtenTimestampsReadBackToTheSameInstant(interval: TimeInterval, fractional: Bool, expected: String) throws {
        let text = try #require(ISO8601.string(from: Date(timeIntervalSince1970: interval), fractionalSeconds: fractional))
        #expect(text == expected)
        let written = fractional ? (interval * 1000).rounded() / 1000 : interval.rounded(.down)
        #expect(ISO8601.date(from: text)?.timeIntervalSince1970 == written)
    }

    @Test func datesThatCannotBeWrittenExactlyAreRefused() {
        for interval in [TimeInterval.nan, .infinity, -.infinity, 1e15] {
            #expect(ISO8601.string(from: Date(timeIntervalSince1970: interval), fractionalSeconds: true) == nil)
        }
    }

    @Test(arguments: [
        "2026-11-22T15:00:00Z", "2026-11-22T15:00:00z", "2026-11-22T16:00:00+01:00", "2026-11-22T16:00:00+0100",
        "2026-11-22T16:00:00+01", "2026-11-22T09:30:00-05:30", "2026-11-22T15:00:00.000Z", "2026-11-22T15:00:00.0Z",
    ])
    func offsetsAndFractionsNameTheSameInstant(text: String) {
        #expect(ISO8601.date(from: text)?.timeIntervalSince1970 == Self.instant)
    }

    @Test func fractionsKeepTheirDigitsAndALeapSecondReadsAsTheLastSecond() {
        #expect(ISO8601.date(from: "2026-11-22T15:00:00.123456Z")?.timeIntervalSince1970 == Self.instant + 0.123456)
        #expect(ISO8601.date(from: "2026-11-22T14:59:60Z")?.timeIntervalSince1970 == Self.instant - 1)
    }

    @Test(arguments: [
        "yesterday", "", "2026-11-22", "2026-11-22T15:00:00", "2026-11-22T15:00:00Zjunk", "2026-13-01T00:00:00Z",
        "2026-11-22T24:00:00Z", "2026-11-22T15:00:00.Z", "2026-11-22 15:00:00Z", "26-11-22T15:00:00Z", "2026-11-22T15:00Z",
        "2026-11-22T15:00:00+1:00",
    ])
    func textThatIsNoTimestampReadsAsNothing(text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }
}
