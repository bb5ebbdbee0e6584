import Foundation

/// What an unsafe request invalidates (RFC 9111 §4.4).
enum CacheInvalidation {
    /// The methods RFC 9110 §9.2.1 defines as safe; every other method, known or not, is unsafe.
    static let safeMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "TRACE"]

    /// Whether a response with `statusCode` to a request with `method` invalidates (§4.4): the
    /// method is unsafe (including one whose safety is unknown) and the status is not an error
    /// (`2xx` or `3xx`; a `1xx` is not a final answer).
    static func invalidates(method: String, statusCode: Int) -> Bool {
        !safeMethods.contains(method.uppercased()) && (200..<400).contains(statusCode)
    }

    /// The URLs whose stored responses go after a non-error response to an unsafe request for
    /// `target`: the target itself, and its `Location` and `Content-Location` (the first of
    /// each, resolved against the target) when they are on the same origin, each once. Another
    /// origin's are not: §4.4 forbids it, since a server could otherwise evict what a user has
    /// stored from another.
    static func invalidatedURLs(target: URL, responseFields: [HTTPHeaderField]) -> [URL] {
        var urls = [target]
        for name in ["Location", "Content-Location"] {
            guard let value = responseFields.first(where: { HeaderName.equal($0.name, name) })?.value,
                  let url = URL(string: CacheControl.trimmed(value), relativeTo: target)?.absoluteURL,
                  Origin(url) == Origin(target), !urls.contains(url) else { continue }
            urls.append(url)
        }
        return urls
    }
}
