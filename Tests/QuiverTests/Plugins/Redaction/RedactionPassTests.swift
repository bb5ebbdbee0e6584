import Foundation
import Testing
@testable import Quiver

/// A URL the redactor would leave as it is (no quote, `=`, `@` or `:` but its scheme's) is not
/// scanned: every URL below must come out exactly as the full redaction makes it, with the
/// same secrets learned.
@Suite struct RedactionPassTests {
    static let urls = [
        "https://api.example.com/v1/users/42", "http://a.example", "HTTPS://API.example.com/Path/To",
        "https://api.example.com/tok_SECRETvalue123/items", "https://a.example/x%3Dy%40z",
        // Full scans: a query, a user, a port, a quote, a colon in the path, a listed scheme.
        "https://api.example.com/items?api_key=SECRET-1&page=2", "https://ada:SECRET-2@api.example.com/x",
        "https://ada@api.example.com/x", "http://127.0.0.1:8080/users", "https://a.example/\"password\":\"SECRET-3\"",
        "https://a.example/a:b", "https://a.example/p;token=SECRET-4", "password://SECRET-5",
        "api_key:SECRET-6", "", "no scheme at all", ":starts-with-colon",
    ]

    @Test(arguments: urls)
    func aURLIsRedactedAsTheFullRedactionRedactsIt(_ url: String) {
        let redactor = Redactor(.init(headers: ["X-Api-Key"], queryParameters: ["api_key", "token"], bodyKeys: ["password"]))
        var fast = RedactionPass(redactor)
        var full = RedactionPass(redactor)
        #expect(fast.url(url) == full.text(url), "\(url)")
        // The same secrets learned: a line that echoes the URL's values is scrubbed alike.
        let echo = "echo: SECRET-1 SECRET-2 SECRET-3 SECRET-4 SECRET-5 SECRET-6 " + url
        #expect(fast.finish(echo) == full.finish(echo), "\(url)")
    }
}
