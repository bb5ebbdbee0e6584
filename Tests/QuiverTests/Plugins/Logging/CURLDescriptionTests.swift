import Foundation
import Testing
@testable import Quiver

/// A cURL command is pasted into a shell: every value stays one single-quoted word, whatever it
/// holds.
@Suite struct CURLDescriptionTests {
    static let values = [
        "plain", "", "it's", "''", "a b; echo hi",
        // A quote that a combining mark follows is one character with it.
        "x'\u{301}; echo injected; echo '", "'\u{301}", "\u{301}'", "a'\u{301}'\u{302}b",
    ]

    /// `word` read as a POSIX shell reads one word of single-quoted parts and `\`-escaped
    /// characters; `nil` when any of it is unquoted (where a shell would split it or run it).
    static func shellWord(_ word: String) -> String? {
        var value = String.UnicodeScalarView()
        var scalars = word.unicodeScalars.makeIterator()
        var inQuotes = false
        while let scalar = scalars.next() {
            if inQuotes {
                if scalar == "'" { inQuotes = false } else { value.append(scalar) }
            } else if scalar == "'" {
                inQuotes = true
            } else if scalar == "\\", let next = scalars.next() {
                value.append(next)
            } else {
                return nil
            }
        }
        return inQuotes ? nil : String(value)
    }

    @Test(arguments: values)
    func eachValueIsOneQuotedWordThatReadsBackAsItself(_ value: String) {
        let quoted = CURLDescription.quoted(value)
        #expect(Self.shellWord(quoted).map { Array($0.unicodeScalars) } == Array(value.unicodeScalars), "\(quoted)")
    }

    @Test func aShellReadsEachValueBackAsItself() throws {
        let shell = URL(fileURLWithPath: "/bin/sh")
        try #require(FileManager.default.isExecutableFile(atPath: shell.path))
        for value in Self.values {
            let process = Process()
            process.executableURL = shell
            process.arguments = ["-c", "printf %s " + CURLDescription.quoted(value)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(Array(String(decoding: data, as: UTF8.self).unicodeScalars) == Array(value.unicodeScalars), "\(value)")
        }
    }
}
