// The fixtures generator's reading of files from disk: `JSONScanner.scan` (its own JSON syntax
// check, which places errors at a line and column) and `FixtureFile(data:path:name:)` (which
// tells recorded fixtures from samples and checks them).
//
// Input: a file's bytes.
// Properties:
// - what the scanner accepts, Foundation's `JSONSerialization` reads too (the generator never
//   embeds as JSON what an app then fails to decode; numbers read as `0` there, since a number
//   out of a `Double`'s range is well-formed). Not the converse: Foundation on Linux
//   reads more than RFC 8259 allows (`[1, 2,]`), which the scanner rightly refuses;
// - a refusal is placed inside the file: line from 1 to the file's line count, column from 1;
// - a file read as a recorded fixture is the fixture `Fixture(fileData:)` reads, with a status
//   from 100 to 599; one read as a sample keeps its bytes.
import Foundation
@testable import QuiverTesting
@testable import QuiverFixturesGenerator

enum FixturesGeneratorHarness: FuzzHarness {
    static let name = "FixturesGenerator"

    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let lines = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
        // Numbers as `0`: a number out of a `Double`'s range (`1e400`) is well-formed JSON that
        // Foundation refuses; range is the app's to choose, syntax the scanner's to check.
        let foundation = (try? JSONSerialization.jsonObject(with: Data(numbersAsZero(bytes)), options: [.fragmentsAllowed])) != nil
        do {
            _ = try JSONScanner.scan(bytes)
            require(foundation, "the scanner accepts what Foundation refuses: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        } catch {
            require(error.position.line >= 1 && error.position.line <= lines && error.position.column >= 1,
                    "a refusal at \(error.position) in \(lines) lines")
        }

        do {
            let file = try FixtureFile(data: data, path: "Fixtures/f.json", name: "f.json")
            switch file.content {
            case .recorded(let fixture):
                require((100...599).contains(fixture.statusCode), "status \(fixture.statusCode)")
                require((try? Fixture(fileData: data)) == fixture, "the generator and Fixture(fileData:) read different fixtures")
            case .sample(let sample):
                require(sample == data, "a sample's bytes changed")
            }
        } catch {
            require(error.position.line >= 1 && error.position.line <= lines && error.position.column >= 1,
                    "a diagnostic at \(error.position) in \(lines) lines: \(error.message)")
        }
    }

    /// `bytes` with every run of number characters outside strings replaced by `0`.
    static func numbersAsZero(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                out.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    out.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                out.append(byte)
                index += 1
            } else if byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) {
                while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
                out.append(UInt8(ascii: "0"))
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }
}
