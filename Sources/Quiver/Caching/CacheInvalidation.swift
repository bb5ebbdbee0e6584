import Foundation

/// What an unsafe request invalidates (RFC 9111 §4.4).
enum CacheInvalidation {
    /// The URLs whose stored responses go after a non-error response to an unsafe request for
    /// `target`: the target itself, and its `Location` and `Content-Location` when they are on
    /// the same origin (another origin's could be a way to evict what a user has stored).
    static func invalidatedURLs(target: URL, responseFields: [HTTPHeaderField]) -> [URL] {
        var urls = [target]
        for name in ["Location", "Content-Location"] {
            guard let value = responseFields.first(where: { HeaderName.equal($0.name, name) })?.value,
                  let url = URL(string: value.trimmingCharacters(in: .whitespaces), relativeTo: target)?.absoluteURL,
                  Origin(url) == Origin(target) else { continue }
            urls.append(url)
        }
        return urls
    }
}
