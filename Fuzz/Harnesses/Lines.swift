// Lines and NDJSON: `LineSplitter` (lines end at `\n` or `\r\n`), driven as
// `ResponseStream.lines(limit:)` and the NDJSON sequence drive it (nextLine).
//
// Input: byte 0 chooses the limit (below 0x80: that many plus one bytes; otherwise 1 MiB), the
// rest is the body.
// Properties:
// - every way of cutting the body into chunks gives the same lines and the same end;
// - no line delivered is longer than the limit;
// - without an error, the lines are the body split by the harness's own reading of the
//   documentation (at `\n`, one `\r` before it dropped, a last line without a line end kept).
import Foundation
@testable import Quiver

enum LinesHarness: FuzzHarness {
    static let name = "Lines"

    struct Outcome: Equatable {
        var lines: [[UInt8]] = []
        var end = "end"
    }

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let byte = input.byte()
        let limit = byte < 0x80 ? Int(byte) + 1 : 1 << 20
        let body = Array(input.rest)
        var first: Outcome?
        for chunks in cuttings(of: body) {
            let outcome = consume(chunks, limit: limit)
            for line in outcome.lines {
                require(line.count <= limit, "a line of \(line.count) bytes passed the limit \(limit)")
            }
            if let first {
                require(outcome == first, "cut into \(chunks.map(\.count)): \(outcome) but whole: \(first)")
            } else {
                first = outcome
            }
        }
        if let first, first.end == "end" {
            let expected = reference(body)
            require(first.lines == expected, "lines \(first.lines) but the documented split is \(expected)")
        }
    }

    static func consume(_ chunks: [ArraySlice<UInt8>], limit: Int) -> Outcome {
        var outcome = Outcome()
        var splitter = LineSplitter(limit: limit)
        do {
            for chunk in chunks {
                outcome.lines += try splitter.append(Data(chunk))
            }
            if let last = try splitter.finish() { outcome.lines.append(last) }
        } catch {
            outcome.end = "\(error)"
        }
        return outcome
    }

    /// The lines as the documentation describes them, written plainly.
    static func reference(_ body: [UInt8]) -> [[UInt8]] {
        var lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { piece in
            Array(piece.last == UInt8(ascii: "\r") ? piece.dropLast() : piece)
        }
        // The piece after the last `\n` is a line only when it holds something.
        if let last = lines.last, last.isEmpty || body.last == UInt8(ascii: "\n") { lines.removeLast() }
        return lines
    }
}
