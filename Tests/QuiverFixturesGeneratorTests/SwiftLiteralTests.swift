import Foundation
import Testing
@testable import QuiverFixturesGenerator

@Suite struct SwiftLiteralTests {
    /// (text, literal); both written with ordinary escapes, so that the expectations read plainly.
    @Test(arguments: [
        ("plain", "\"plain\""),
        ("", "\"\""),
        ("say \"hi\"", "#\"say \"hi\"\"#"),
        ("a\\b", "#\"a\\b\"#"),
        ("\"#", "##\"\"#\"##"),
        ("\\#(x) and \"##", "###\"\\#(x) and \"##\"###"),
        ("cr\rtab\tdel\u{7F}bom\u{FEFF}", "\"cr\\rtab\\tdel\\u{7F}bom\\u{FEFF}\""),
        ("a\tb \"q\"", "#\"a\\#tb \"q\"\"#"),
        ("q\"\\r", "#\"q\"\\r\"#"),
        ("\"\r", "#\"\"\\#r\"#"),
        ("\"\"x", "#\"\\#\"\"x\"#"),
    ])
    func singleLineTextIsOneStringLiteral(text: String, literal: String) {
        #expect(SwiftLiteral.string(text) == literal)
    }

    @Test func textWithLineFeedsIsAnIndentedMultiLineLiteral() {
        let expected = "#\"\"\"\n"
            + "        {\n"
            + "          \"a\": 1\\#r\n"
            + "\n"
            + "        }\n"
            + "\n"
            + "        \"\"\"#"
        #expect(SwiftLiteral.string("{\n  \"a\": 1\r\n\n}\n", indent: "    ") == expected)
    }

    @Test func bytesAreTextWhenTheyAreUTF8WithoutNULElseBase64() {
        #expect(SwiftLiteral.data(Data(), indent: "") == "Data()")
        #expect(SwiftLiteral.data(Data("hi".utf8), indent: "") == #"Data("hi".utf8)"#)
        #expect(SwiftLiteral.data(Data([0x68, 0x00]), indent: "").hasPrefix("Data(base64Encoded: \"\"\"\n    aAA=\n    \"\"\""))
        #expect(SwiftLiteral.data(Data([0xFF]), indent: "").contains("base64Encoded"))
        let long = SwiftLiteral.data(Data(repeating: 0, count: 300), indent: "")
        #expect(long.split(separator: "\n").allSatisfy { $0.count <= 4 + SwiftLiteral.base64LineWidth || $0.contains("Data") })
    }

    /// Awkward contents the compiler must read back exactly.
    static let samples: [Data] = [
        Data(), Data("plain".utf8), Data("\u{FEFF}BOM, CRLF\r\nand a lone CR\r".utf8),
        Data("quotes \" \"# \"\"## \"\"\" \"\"\"# \\#(x) \\(y) \\ \\# \\\\".utf8), Data("\"\"x\"\"".utf8),
        Data("ends with a backslash \\".utf8), Data("line\n".utf8), Data("\n\n".utf8), Data("  \n\t\n   indented\n".utf8),
        Data("emoji 🐶 e\u{301} \u{2028} \u{85} \u{7F} \u{1B}[0m".utf8), Data("\"\"\"\n\"\"\"#\n".utf8),
        Data("one\tline, a tab".utf8), Data("\t".utf8), Data("tab \"quoted\"\t#".utf8), Data("\u{0B}\u{0C}\u{1F}".utf8),
        Data("\ttab-indented\n\t\n".utf8),
        Data([0x00, 0x01, 0xFF, 0xFE]), Data((0...255).map(UInt8.init)), Data([0xC3, 0x28]),
    ]

    @Test func literalsCompileBackToTheSameBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiver-tests-literals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var program = "import Foundation\n\nlet values: [Data] = [\n"
        for sample in Self.samples {
            program += "    " + SwiftLiteral.data(sample, indent: "    ") + ",\n"
        }
        program += "]\nfor value in values {\n    print(\">\" + value.base64EncodedString())\n}\n"
        let source = folder.appendingPathComponent("main.swift")
        try Data(program.utf8).write(to: source)
        let executable = folder.appendingPathComponent("main")
        let compiler = try SwiftCompiler.run("/usr/bin/env", ["swiftc", "-warnings-as-errors", source.path, "-o", executable.path])
        #expect(compiler.status == 0, "\(compiler.output)\n\(program)")
        guard compiler.status == 0 else { return }
        let output = try SwiftCompiler.run(executable.path, [])
        #expect(output.output.split(separator: "\n").map(String.init) == Self.samples.map { ">" + $0.base64EncodedString() })
    }
}
