import Foundation
import Testing
@testable import Quiver

/// Every URL is redacted by structure, with nothing skipped: a port's colon changes nothing, a
/// listed name's value, a password or a listed `Name:` goes, and what goes is learned, so a line
/// that echoes it is redacted too. A line of header fields quotes each name and value so that
/// no value can change the line's structure.
@Suite struct RedactionPassTests {
    static let redactor = Redactor(.init(headers: ["X-Api-Key"], queryParameters: ["api_key", "token"],
                                         bodyKeys: ["password"]))

    @Test(arguments: ["https://api.example.com/v1/users/42", "http://a.example", "HTTPS://API.example.com/Path/To",
                      "https://a.example/x%3Dy%40z", "https://ada@api.example.com/x", "http://127.0.0.1:8080/users",
                      "https://a.example/a:b", "", "no scheme at all", ":starts-with-colon", "http://localhost:8080",
                      "http://x-api-key:8080/x", "http://[::1]:8080/a:b:c", "https://a.example/a/b:c/d"])
    func aURLWithNothingListedComesBackAsItIs(_ url: String) {
        var pass = RedactionPass(Self.redactor)
        #expect(pass.text(url) == url)
    }

    @Test(arguments: [
        ("https://api.example.com/items?api_key=SECRET-1&page=2", "SECRET-1"),
        ("https://ada:SECRET-2@api.example.com/x", "SECRET-2"),
        ("https://a.example/\"password\":\"SECRET-3\"", "SECRET-3"),
        ("https://a.example/p;token=SECRET-4", "SECRET-4"),
        ("api_key:SECRET-6", "SECRET-6"),
        ("https://a.example/(X-Api-Key:SECRET-7)", "SECRET-7)"),
        ("https://a.example/ X-Api-Key: SECRET-8", "SECRET-8"),
        ("X-Api-Key:SECRET-9", "SECRET-9"),
        ("https://a.example/x,X-Api-Key:SECRET-10", "SECRET-10"),
    ])
    func aListedValueInAURLIsRedactedAndLearned(url: String, secret: String) {
        var pass = RedactionPass(Self.redactor)
        #expect(!pass.text(url).contains(secret), "\(url)")
        #expect(pass.finish("echo: \(secret)") == "echo: <redacted>", "\(url)")
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"C:\dir"#, #""C:\\dir""#),
        // A quote or backslash that a combining mark follows is one character with it, and is
        // escaped all the same: otherwise the value would end its quotes early.
        ("x\"\u{301}, \"Authorization\": \"Bearer fake", "\"x\\\"\u{301}, \\\"Authorization\\\": \\\"Bearer fake\""),
        ("a\\\u{301}", "\"a\\\\\u{301}\""),
    ])
    func headerNamesAndValuesAreQuotedWithEveryQuoteAndBackslashEscaped(value: String, quoted: String) {
        #expect(RedactionPass.describe([(name: "X-Note", value: value)]) == "[\"X-Note\": \(quoted)]")
        // However the value is spelled, the line's structure is its own: one field, whose every
        // quote but the four of the structure is escaped.
        let line = RedactionPass.describe([(name: "X-Note", value: value)])
        var unescapedQuotes = 0
        var escaped = false
        for scalar in line.unicodeScalars {
            if escaped { escaped = false; continue }
            if scalar == "\\" { escaped = true } else if scalar == "\"" { unescapedQuotes += 1 }
        }
        #expect(unescapedQuotes == 4)
    }
}
