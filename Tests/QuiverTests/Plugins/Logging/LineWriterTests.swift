import Testing
@testable import Quiver

/// The one-allocation line building of the logger.
@Suite struct LineWriterTests {
    @Test func piecesAreJoinedAsWritten() {
        let url = "https://api.example.com/v1/users/42?page=2"
        let line = LineWriter.line {
            $0.write("GET ")
            $0.write(url)
            $0.write(" → ")
            $0.write(200)
            $0.write(", ")
            $0.write(String(repeating: "é", count: 20))
        }
        #expect(line == "GET \(url) → 200, \(String(repeating: "é", count: 20))")
        #expect(line.utf8.count == 4 + url.utf8.count + 5 + 3 + 2 + 40)
    }

    @Test(arguments: [0, 7, 10, -1, -90, 1_234_567, Int.max, Int.min])
    func numbersAreWrittenInDecimal(_ number: Int) {
        #expect(LineWriter.line { $0.write(number) } == String(number))
    }

    @Test func nothingWrittenIsTheEmptyLine() {
        #expect(LineWriter.line { _ in }.isEmpty)
    }

    @Test func aWriterThatWritesMoreTheSecondTimeIsCutShort() {
        var calls = 0
        let line = LineWriter.line {
            calls += 1
            $0.write(calls == 1 ? "abc" : "abcdefgh")
        }
        #expect(line == "abc")
    }
}
