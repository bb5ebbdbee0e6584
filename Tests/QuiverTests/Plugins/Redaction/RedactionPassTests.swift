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
}
