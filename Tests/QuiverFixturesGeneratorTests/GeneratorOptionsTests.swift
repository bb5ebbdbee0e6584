import Testing
@testable import QuiverFixturesGenerator

@Suite struct GeneratorOptionsTests {
    @Test func theCommandLineNamesOutputRootNamespaceAndFiles() throws {
        let options = try GeneratorOptions(arguments: ["--output", "/w/out.swift", "--root", "/t/Fixtures", "--namespace", "Samples",
                                                       "/t/Fixtures/a.json", "/t/Fixtures/sub/b.txt"])
        #expect(options.output == "/w/out.swift")
        #expect(options.root == "/t/Fixtures")
        #expect(options.namespace == "Samples")
        #expect(options.files == ["/t/Fixtures/a.json", "/t/Fixtures/sub/b.txt"])
        #expect(try GeneratorOptions(arguments: ["--output", "o", "--root", "r"]).namespace == "Fixtures")
        #expect(options.files.map(options.name(of:)) == ["a.json", "sub/b.txt"])
        #expect(options.name(of: "/elsewhere/c.json") == "c.json")
    }

    @Test(arguments: [
        ["--root", "/t"],
        ["--output", "/o.swift"],
        ["--output"],
        ["--output", "/o.swift", "--root", "/t", "--verbose"],
        ["--output", "/o.swift", "--root", "/t", "--namespace", "1Fixtures"],
        ["--output", "/o.swift", "--root", "/t", "--namespace", "class"],
    ])
    func badCommandLinesAreRefused(arguments: [String]) {
        #expect(throws: GeneratorOptions.UsageError.self) { try GeneratorOptions(arguments: arguments) }
    }
}
