// The fixtures generator's reading of files from disk: `JSONScanner.scan` (its own JSON syntax
// check, which places errors at a line and column) and `FixtureFile(data:path:name:)` (which
// tells recorded fixtures from samples and checks them).
//
// Input: a file's bytes.
// Properties:
// - what the scanner accepts, Foundation's `JSONSerialization` reads too (the generator never
//   embeds as JSON what an app then fails to decode). Not the converse: Foundation on Linux
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
        let foundation = (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
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
}
