import Foundation
import Testing
@testable import QuiverFixturesGenerator

@Suite struct QuiverFixturesGeneratorTests {
    @Test func theToolWritesTheSourceOnlyWhenEveryFileIsGood() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiver-tests-generator-\(UUID().uuidString)")
        let fixtures = folder.appendingPathComponent("Fixtures")
        try FileManager.default.createDirectory(at: fixtures.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = fixtures.appendingPathComponent("sub/user.json")
        try Data(#"{"id": 1}"#.utf8).write(to: good)
        let output = folder.appendingPathComponent("out/Generated.swift")
        let arguments = ["--output", output.path, "--root", fixtures.path, good.path]
        #expect(QuiverFixturesGenerator.run(try GeneratorOptions(arguments: arguments)) { Issue.record("unexpected: \($0)") })
        let source = try String(contentsOf: output, encoding: .utf8)
        #expect(source.contains(##"static let subUser: Data = Data(#"{"id": 1}"#.utf8)"##))
        #expect(source.contains(#""sub/user.json": subUser,"#))
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: fixtures)
        #expect(try GeneratorOptions(arguments: ["--output", output.path, "--root", link.path]).name(of: good.path) == "sub/user.json")

        try FileManager.default.removeItem(at: output)
        let bad = fixtures.appendingPathComponent("bad.json")
        try Data("[1,\n 2,,]".utf8).write(to: bad)
        var reported: [String] = []
        #expect(!QuiverFixturesGenerator.run(try GeneratorOptions(arguments: arguments + [bad.path])) { reported.append($0) })
        #expect(reported == ["\(bad.path):2:4: error: malformed JSON: expected a JSON value, found ','"])
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
