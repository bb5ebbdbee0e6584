import Foundation
import Testing
@testable import Quiver

/// Every URL is redacted by structure, with nothing skipped: a port's colon changes nothing, a
/// listed name's value, a password or a listed `Name:` goes, and what goes is learned, so a line
/// that echoes it is redacted too.
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

    /// A redactor remembers what each header field taught a pass: a second pass over the same
    /// fields learns exactly what the first did (short cookie names included), and a field with
    /// another value learns its own value.
    @Test func headerFieldsLearnTheSameSecretsTheSecondTime() {
        let redactor = Redactor(.init(headers: ["X-Api-Key"]))
        let fields = ["Authorization": "Bearer SECRET-TOKEN-1", "Cookie": "csrf=c5rf; session=SECRET-SESSION",
                      "X-Api-Key": "SECRET-KEY-1", "X-Note": "token=SECRET-IN-TEXT"]
        let line = "SECRET-TOKEN-1 SECRET-SESSION SECRET-KEY-1 SECRET-IN-TEXT csrf=c5rf"
        var lines: [String] = []
        for _ in 0..<2 {
            var pass = RedactionPass(redactor)
            pass.learn(headers: fields)
            #expect(pass.shortCookieNames == ["csrf"])
            lines.append(pass.finish(line))
        }
        #expect(lines[0] == lines[1])
        #expect(!lines[0].contains("SECRET"), "\(lines[0])")
        var other = RedactionPass(redactor)
        other.learn(headers: ["X-Api-Key": "SECRET-KEY-2"])
        #expect(other.finish("SECRET-KEY-1 SECRET-KEY-2") == "SECRET-KEY-1 <redacted>")
    }

    /// The remembered fields are bounded: past the limit, fields are learned anew, correctly.
    @Test func theRememberedFieldsAreBounded() {
        let redactor = Redactor(.init(headers: ["X-Api-Key"]))
        for index in 0...Redactor.learnedLimit {
            var pass = RedactionPass(redactor)
            pass.learn(headers: ["X-Api-Key": "SECRET-\(index)-VALUE"])
            #expect(pass.finish("key SECRET-\(index)-VALUE") == "key <redacted>")
        }
    }
}
