import Foundation
import Testing
@testable import Quiver

@Suite struct ParsedURLsTests {
    @Test func givesWhatParsingGivesAndKeepsIt() {
        let cache = ParsedURLs()
        let text = "https://api.example.com/v2/users/42?include=repos"
        #expect(cache.url(for: text) == URL(string: text))
        #expect(cache.count == 1)
        #expect(cache.url(for: text) == URL(string: text))
        #expect(cache.count == 1)
    }

    @Test func keepsNothingForTextThatIsNotAURL() {
        let cache = ParsedURLs()
        #expect(cache.url(for: "") == nil)
        #expect(cache.count == 0)
    }

    @Test func parsesLongTextWithoutKeepingIt() {
        let cache = ParsedURLs(maximumLength: 40)
        let text = "https://api.example.com/search?q=" + String(repeating: "a", count: 40)
        #expect(cache.url(for: text) == URL(string: text))
        #expect(cache.count == 0)
        #expect(cache.url(for: "https://api.example.com/") != nil)
        #expect(cache.count == 1)
    }

    @Test func startsOverOnceFull() {
        let cache = ParsedURLs(capacity: 3)
        for id in 0..<3 {
            _ = cache.url(for: "https://api.example.com/users/\(id)")
        }
        #expect(cache.count == 3)
        let text = "https://api.example.com/users/3"
        #expect(cache.url(for: text) == URL(string: text))
        #expect(cache.count == 1)
    }

    @Test func sharesItsURLsSafelyAcrossTasks() async {
        let cache = ParsedURLs(capacity: 8)
        let texts = (0..<16).map { "https://api.example.com/items/\($0)" }
        let allMatch = await withTaskGroup(of: Bool.self) { group in
            for round in 0..<64 {
                let text = texts[round % texts.count]
                group.addTask { cache.url(for: text) == URL(string: text) }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(allMatch)
        #expect(cache.count <= 8)
    }
}
