import Foundation
import Quiver
import QuiverTesting
import Testing

/// The generated members hold exactly the bytes of the files, whatever they contain: CRLF line
/// ends, quotes followed by `#`, `\#(…)`, a byte order mark, control characters, a one-line file
/// with tabs, binary data.
@Suite struct EmbeddingTests {
    /// The source folder, read here only to compare: the code under test never touches it.
    private let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test(arguments: ["tricky.txt", "binary.bin", "empty.txt", "table.tsv", "GET-pets-1.json", "GET-pets-updates.json"])
    func theEmbeddedBytesAreTheFilesBytes(name: String) throws {
        let file = try Data(contentsOf: folder.appendingPathComponent(name))
        if let fixture = Fixtures.all[name] {
            #expect(try Fixture(fileData: file) == fixture)   // as replaying from the folder reads it
        } else {
            #expect(Fixtures.sampleData[name] == file)
        }
    }

    @Test func everyFileIsEmbedded() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        #expect(Set(Fixtures.sampleData.keys) == Set(names))
        #expect(Fixtures.tricky == Fixtures.sampleData["tricky.txt"])
        #expect(Fixtures.binary.count == 256)
    }
}
