import Foundation
import Testing
@testable import Quiver

@Suite struct URLPathTests {
    @Test(arguments: [
        // base, path, expected
        ("https://api.example.com", "users", "https://api.example.com/users"),
        ("https://api.example.com/", "users", "https://api.example.com/users"),
        ("https://api.example.com", "/users", "https://api.example.com/users"),
        ("https://api.example.com/", "/users", "https://api.example.com/users"),
        ("https://api.example.com//", "//users", "https://api.example.com/users"),
        ("https://api.example.com/v2", "users/1", "https://api.example.com/v2/users/1"),
        ("https://api.example.com/v2/", "/users/1/", "https://api.example.com/v2/users/1/"),
        ("https://api.example.com/v2", "/", "https://api.example.com/v2/"),
        ("https://b\u{FC}cher.example/caf\u{E9}/", "/b", "https://b\u{FC}cher.example/caf\u{E9}/b"),
    ])
    func joinsBaseAndPathWithExactlyOneSlash(base: String, path: String, expected: String) {
        #expect(URLPath.join(base: base, path: path) == expected)
    }

    @Test(arguments: ["https://api.example.com", "https://api.example.com/", "https://api.example.com/v2?key=1"])
    func emptyPathKeepsTheBaseURLAsItIs(base: String) {
        #expect(URLPath.join(base: base, path: "") == base)
    }

    @Test(arguments: [
        ("john doe", "john%20doe"),
        ("caf\u{E9}", "caf%C3%A9"),
        ("what?", "what%3F"),
        ("a#b", "a%23b"),
        ("100%", "100%25"),
        ("a/b c/d", "a/b%20c/d"),
        ("emoji\u{1F600}", "emoji%F0%9F%98%80"),
        ("keep:@!$&'()*+,;=-._~", "keep:@!$&'()*+,;=-._~"),
    ])
    func percentEncodesPathSegmentsButKeepsSlashes(path: String, encoded: String) {
        #expect(URLPath.join(base: "https://h", path: path) == "https://h/" + encoded)
    }

    @Test(arguments: [
        ("a%2Fb", "a%2Fb"),
        ("caf%C3%A9/x", "caf%C3%A9/x"),
        ("50%25off", "50%25off"),
        ("%zz", "%25zz"),
        ("a%2", "a%252"),
        ("a%", "a%25"),
    ])
    func keepsEscapesAlreadyMadeAndEscapesEveryOtherPercentSign(path: String, encoded: String) {
        #expect(URLPath.join(base: "https://h", path: path) == "https://h/" + encoded)
    }

    @Test func keepsTheBaseQueryAfterTheJoinedPath() {
        #expect(URLPath.join(base: "https://h/v2?key=1", path: "users") == "https://h/v2/users?key=1")
        #expect(URLPath.join(base: "https://h/v2/?key=1#top", path: "users") == "https://h/v2/users?key=1#top")
        #expect(URLPath.join(base: "https://h/v2#top", path: "users") == "https://h/v2/users#top")
    }

    @Test(arguments: [
        ("https://h/a", "x=1", "https://h/a?x=1"),
        ("https://h/a?key=1", "x=1", "https://h/a?key=1&x=1"),
        ("https://h/a?", "x=1", "https://h/a?x=1"),
        ("https://h/a?key=1&", "x=1", "https://h/a?key=1&x=1"),
        ("https://h/a#frag", "x=1", "https://h/a?x=1#frag"),
        ("https://h/a?key=1#frag", "x=1", "https://h/a?key=1&x=1#frag"),
    ])
    func appendsQueriesAfterExistingOnesAndBeforeTheFragment(url: String, query: String, expected: String) {
        #expect(URLPath.appending(query: query, to: url) == expected)
    }
}
