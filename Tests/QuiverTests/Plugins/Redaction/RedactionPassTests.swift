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
        // Ports and other colons that start no `Name: value`, and some that do.
        "http://localhost:8080", "http://x-api-key:8080/x", "http://[::1]:8080/a:b:c", "https://a.example/a/b:c/d",
        "https://a.example/(X-Api-Key:SECRET-7)", "https://a.example/ X-Api-Key: SECRET-8", "X-Api-Key:SECRET-9",
        "https://a.example/x,X-Api-Key:SECRET-10", "http://127.0.0.1:8080/users@SECRET-11",
    ]

    static let redactor = Redactor(.init(headers: ["X-Api-Key"], queryParameters: ["api_key", "token"],
                                         bodyKeys: ["password"]))

    /// The URLs servers on a port are reached at are recognised as their own redaction, and
    /// the ones whose colon starts a listed `Name: value`, or that carry a user, are not.
    @Test func aPortsColonNeedsNoScanButAListedNamesColonDoes() {
        for url in ["http://127.0.0.1:8080/users", "http://localhost:8080", "http://x-api-key:8080/x",
                    "https://a.example/a/b:c/d", "http://[::1]:8080/"] {
            #expect(RedactionPass.isItsOwnRedaction(url: url, by: Self.redactor), "\(url)")
        }
        for url in ["https://a.example/(X-Api-Key:SECRET-7)", "X-Api-Key:SECRET-9", "api_key:SECRET-6",
                    "https://ada:SECRET-2@api.example.com/x", "https://a.example/p;token=SECRET-4"] {
            #expect(!RedactionPass.isItsOwnRedaction(url: url, by: Self.redactor), "\(url)")
        }
    }

    @Test(arguments: urls)
    func aURLIsRedactedAsTheFullRedactionRedactsIt(_ url: String) {
        var fast = RedactionPass(Self.redactor)
        var full = RedactionPass(Self.redactor)
        #expect(fast.url(url) == full.text(url), "\(url)")
        // The same secrets learned: a line that echoes the URL's values is scrubbed alike.
        let echo = "echo: SECRET-1 SECRET-2 SECRET-3 SECRET-4 SECRET-5 SECRET-6 SECRET-7 SECRET-8 SECRET-9 SECRET-10 SECRET-11 " + url
        #expect(fast.finish(echo) == full.finish(echo), "\(url)")
    }
}
