import Foundation

/// The URLs requests were built with, by their text, so that a request to a URL sent before
/// does not parse it again.
///
/// On Linux, parsing an endpoint's URL (`URL(string:)`) costs more than the rest of building
/// its `URLRequest`, and an app sends to few distinct URLs. Parsing is deterministic, so a
/// cached URL is the one a new parse would give. The cache is bounded: it keeps texts of at most
/// ``maximumLength`` bytes, and starts over once it holds ``capacity`` of them.
final class ParsedURLs: Sendable {
    /// The cache every provider builds its requests with.
    static let shared = ParsedURLs()

    /// How many URLs are kept before the cache starts over.
    let capacity: Int
    /// The longest text kept, in UTF-8 bytes: longer ones (big queries) are rarely sent twice.
    let maximumLength: Int
    /// The URLs by text, and the last one asked for: requests to one URL often follow each
    /// other, and comparing the text with the last costs less than hashing it.
    private struct Kept {
        var byText: [String: URL] = [:]
        var last: (text: String, url: URL)?
    }

    private let kept = Locked(Kept())

    init(capacity: Int = 256, maximumLength: Int = 1_024) {
        self.capacity = capacity
        self.maximumLength = maximumLength
    }

    /// `URL(string: text)`, parsed once per text.
    func url(for text: String) -> URL? {
        guard text.utf8.count <= maximumLength else { return URL(string: text) }
        let found = kept.withLock { kept -> URL? in
            if let last = kept.last, last.text == text { return last.url }
            guard let url = kept.byText[text] else { return nil }
            kept.last = (text, url)
            return url
        }
        if let found {
            return found
        }
        guard let url = URL(string: text) else { return nil }
        kept.withLock { kept in
            if kept.byText.count >= capacity {
                kept.byText.removeAll(keepingCapacity: true)
            }
            kept.byText[text] = url
            kept.last = (text, url)
        }
        return url
    }

    /// How many URLs the cache holds.
    var count: Int {
        kept.withLock { $0.byText.count }
    }
}
