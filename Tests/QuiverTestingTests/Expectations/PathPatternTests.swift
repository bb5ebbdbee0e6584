import Foundation
import Testing
@testable import Quiver
@testable import QuiverTesting

@Suite struct PathPatternTests {
    @Test(arguments: [
        ("/v2/users/1", "/v2/users/1", true),
        ("/v2/users/*", "/v2/users/1", true),
        ("/v2/users/*", "/v2/users/1/repos", false),
        ("**/repos", "/v2/users/1/repos", true),
        ("/v2/**", "/v2", true),
        ("/v2/**/repos", "/v2/users/1/repos", true),
        ("/v2/**/repos", "/v2/users/1/gists", false),
        ("/users/ada lovelace", "/users/ada%20lovelace", true),
        ("/users/a%2Fb", "/users/a%2Fb", true),
        ("/users/a%2Fb", "/users/a/b", false),
        ("/users", "/users/", true),
        ("/", "/", true),
        ("/users", "/Users", false),
    ])
    func patterns(pattern: String, path: String, matches: Bool) {
        #expect(PathPattern(pattern).matches(path) == matches)
    }

    private func recorded(_ url: String) throws -> RecordedRequest {
        RecordedRequest(TransportRequest(url: try #require(URL(string: url))), position: 1)
    }

    @Test func thePathIsReadFromTheURLAsSent() throws {
        #expect(try recorded("https://h:8080/v2/a%20b?x=1#f").path == "/v2/a%20b")
        #expect(try recorded("https://h").path == "/")
        #expect(try recorded("https://h?x=/y").path == "/")
        #expect(try recorded("https://user@h/p#frag/x").path == "/p")
    }

    @Test func aPlainPatternIsComparedByteForByteWithOrWithoutAFinalSlash() throws {
        #expect(PathPattern("/v2/users").matches(try recorded("https://h/v2/users?page=2")))
        #expect(PathPattern("/v2/users").matches(try recorded("https://h/v2/users/")))
        #expect(!PathPattern("/v2/users").matches(try recorded("https://h/v2/users2")))
        #expect(!PathPattern("/v2/users").matches(try recorded("https://h/v2")))
        #expect(PathPattern("/").matches(try recorded("https://h")))
        #expect(PathPattern("/v2/a b").matches(try recorded("https://h/v2/a%20b")))
    }

    @Test func aLiteralPathStandsForItselfEvenWithStars() {
        let literal = PathPattern.literal("/files/*/x")
        #expect(literal.matches("/files/%2A/x"))
        #expect(!literal.matches("/files/abc/x"))
    }
}
