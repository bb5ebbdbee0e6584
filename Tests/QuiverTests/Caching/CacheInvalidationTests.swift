import Foundation
import Testing
@testable import Quiver

/// RFC 9111 §4.4: what an unsafe request invalidates.
@Suite struct CacheInvalidationTests {
    let target = URL(string: "https://api.example.com/items/1?x=1")!

    func invalidated(_ pairs: [(String, String)]) -> [String] {
        CacheInvalidation.invalidatedURLs(target: target, responseFields: pairs.map { HTTPHeaderField(name: $0.0, value: $0.1) })
            .map(\.absoluteString)
    }

    @Test(arguments: [("POST", 200, true), ("PUT", 204, true), ("DELETE", 301, true), ("PATCH", 399, true), ("PURGE", 200, true),
                      ("post", 201, true), ("POST", 400, false), ("POST", 500, false), ("POST", 100, false),
                      ("GET", 200, false), ("HEAD", 200, false), ("OPTIONS", 200, false), ("TRACE", 200, false)])
    func anUnsafeMethodsNonErrorResponseInvalidates(_ method: String, _ status: Int, _ invalidates: Bool) {
        #expect(CacheInvalidation.invalidates(method: method, statusCode: status) == invalidates)
    }

    @Test func theTargetIsAlwaysInvalidated() {
        #expect(invalidated([]) == ["https://api.example.com/items/1?x=1"])
    }

    @Test func aRelativeLocationIsResolvedAgainstTheTarget() {
        #expect(invalidated([("Location", "../lists/2")]) == ["https://api.example.com/items/1?x=1", "https://api.example.com/lists/2"])
        #expect(invalidated([("content-location", " 3 ")]) == ["https://api.example.com/items/1?x=1", "https://api.example.com/items/3"])
    }

    @Test func bothLocationAndContentLocationCount() {
        #expect(invalidated([("Location", "/a"), ("Content-Location", "/b")])
            == ["https://api.example.com/items/1?x=1", "https://api.example.com/a", "https://api.example.com/b"])
    }

    @Test(arguments: ["https://other.example.com/items/1", "http://api.example.com/items/1", "https://api.example.com:8443/items/1",
                      "//evil.example/items/1", "mailto:a@example.com"])
    func aLocationOnAnotherOriginIsNotInvalidated(_ location: String) {
        #expect(invalidated([("Location", location), ("Content-Location", location)]) == ["https://api.example.com/items/1?x=1"])
    }

    @Test func theSameOriginIsTheSameWhateverTheCaseOrTheDefaultPort() {
        #expect(invalidated([("Location", "HTTPS://API.example.com:443/b")]).count == 2)
    }

    @Test func aLocationThatIsTheTargetIsListedOnce() {
        #expect(invalidated([("Location", "https://api.example.com/items/1?x=1")]) == ["https://api.example.com/items/1?x=1"])
    }
}
