import Foundation
import Testing
@testable import Quiver

/// RFC 9111 §3 (storing), §4.1 (Vary), §3.2/§4.3 (validation and updates), §4.4 (invalidation).
@Suite struct CacheRulesTests {
    func fields(_ pairs: [(String, String)]) -> [HTTPHeaderField] {
        pairs.map { HTTPHeaderField(name: $0.0, value: $0.1) }
    }

    func entry(_ pairs: [(String, String)], variant: CacheVariantKey = .none) -> CacheEntry {
        CacheEntry(statusCode: 200, headerFields: fields(pairs), body: Data("body".utf8),
                   requestTime: Date(timeIntervalSince1970: 0), responseTime: Date(timeIntervalSince1970: 0), variant: variant)
    }

    // MARK: Storing

    @Test func whatMayBeStored() {
        let none = CacheControl([])
        #expect(CacheStorability.mayStore(statusCode: 200, responseFields: [], request: none))
        #expect(CacheStorability.mayStore(statusCode: 201, responseFields: fields([("Cache-Control", "max-age=5")]), request: none))
        #expect(!CacheStorability.mayStore(statusCode: 201, responseFields: [], request: none))
        #expect(!CacheStorability.mayStore(statusCode: 200, responseFields: fields([("Cache-Control", "no-store")]), request: none))
        #expect(!CacheStorability.mayStore(statusCode: 200, responseFields: [], request: CacheControl(["no-store"])))
        #expect(!CacheStorability.mayStore(statusCode: 206, responseFields: fields([("Cache-Control", "max-age=5")]), request: none))
        #expect(!CacheStorability.mayStore(statusCode: 304, responseFields: [], request: none))
        #expect(CacheStorability.mayStore(statusCode: 200, responseFields: fields([("Cache-Control", "private, max-age=5")]), request: none))
    }

    @Test func mustUnderstandOverridesNoStoreOnlyForAnUnderstoodStatus() {
        let directive = fields([("Cache-Control", "must-understand, no-store, max-age=5")])
        #expect(CacheStorability.mayStore(statusCode: 200, responseFields: directive, request: CacheControl([])))
        #expect(!CacheStorability.mayStore(statusCode: 299, responseFields: directive, request: CacheControl([])))
    }

    // MARK: Vary

    @Test func aVariantKeyIsNamesLowercasedOnceAndDigestsOfValues() throws {
        let request = fields([("Accept-Language", "en"), ("Authorization", "Bearer secret-token")])
        let key = try #require(CacheVariants.key(responseFields: fields([("Vary", "accept-language, Authorization"), ("Vary", "ACCEPT-LANGUAGE")]),
                                                 requestFields: request))
        #expect(key.fields.map(\.name) == ["accept-language", "authorization"])
        #expect(key.fields[1].value == CacheDigest(of: "Bearer secret-token"))
        #expect(CacheVariants.matches(key, request))
        #expect(!CacheVariants.matches(key, fields([("Accept-Language", "en")])))
    }

    @Test func varyStarMatchesNothing() {
        #expect(CacheVariants.key(responseFields: fields([("Vary", "Accept, *")]), requestFields: []) == nil)
    }

    @Test func valuesAreNormalisedAroundCommasAndAcrossRepeatedFields() throws {
        let key = try #require(CacheVariants.key(responseFields: fields([("Vary", "Accept")]),
                                                 requestFields: fields([("Accept", "a/b,  c/d")])))
        #expect(CacheVariants.matches(key, fields([("Accept", "a/b"), ("Accept", " c/d")])))
        #expect(!CacheVariants.matches(key, fields([("Accept", "c/d, a/b")])))
    }

    @Test func theMostRecentMatchingVariantIsSelected() {
        var older = entry([("X", "old")])
        older.responseTime = Date(timeIntervalSince1970: 1)
        var newer = entry([("X", "new")])
        newer.responseTime = Date(timeIntervalSince1970: 2)
        #expect(CacheVariants.select(from: [older, newer], for: [])?.headerFields.first?.value == "new")
    }

    // MARK: Validation

    @Test func theConditionsAreTheStoredValidators() {
        let conditions = CacheValidation.conditions(for: entry([("ETag", "\"v1\""), ("Last-Modified", "Sat, 28 Nov 2026 00:00:00 GMT")]))
        #expect(conditions == fields([("If-None-Match", "\"v1\""), ("If-Modified-Since", "Sat, 28 Nov 2026 00:00:00 GMT")]))
        #expect(CacheValidation.conditions(for: entry([])).isEmpty)
    }

    @Test func aValidatorWithALineEndIsNeverSent() {
        #expect(CacheValidation.conditions(for: entry([("ETag", "\"v1\"\r\nX-Injected: 1")])).isEmpty)
        #expect(CacheValidation.conditions(for: entry([("Last-Modified", "x\u{0}y")])).isEmpty)
    }

    @Test func a304UpdatesTheStoredFieldsButNotTheBodysFraming() throws {
        let stored = entry([("ETag", "\"v1\""), ("Content-Length", "4"), ("Cache-Control", "max-age=1"), ("X-Kept", "yes")])
        let updated = try #require(CacheValidation.updated(stored, by: fields([("ETag", "\"v1\""), ("Cache-Control", "max-age=60"),
                                                                               ("Content-Length", "0"), ("Set-Cookie", "a=1"),
                                                                               ("X-New", "1")]),
                                                           requestTime: Date(timeIntervalSince1970: 5), responseTime: Date(timeIntervalSince1970: 6)))
        #expect(updated.headerFields == fields([("ETag", "\"v1\""), ("Content-Length", "4"), ("Cache-Control", "max-age=60"),
                                                ("X-Kept", "yes"), ("X-New", "1")]))
        #expect(updated.body == stored.body)
        #expect(updated.responseTime == Date(timeIntervalSince1970: 6))
    }

    @Test func mergingTheSameFieldsTwiceChangesNothingMore() {
        // Found by the CacheHeaders fuzzer: a repeated new name split around another new name.
        let incoming = fields([("Cache-Control", ""), ("Date", "d"), ("Cache-Control", "")])
        let once = CacheValidation.merged(fields([("Authorization", "a")]), with: incoming)
        #expect(once == fields([("Authorization", "a"), ("Cache-Control", ""), ("Cache-Control", ""), ("Date", "d")]))
        #expect(CacheValidation.merged(once, with: incoming) == once)
    }

    @Test func a304ForAnotherRepresentationSelectsNothing() {
        let stored = entry([("ETag", "\"v1\"")])
        #expect(CacheValidation.updated(stored, by: fields([("ETag", "\"v2\"")]), requestTime: .now, responseTime: .now) == nil)
        #expect(CacheValidation.updated(stored, by: fields([("ETag", "W/\"v1\"")]), requestTime: .now, responseTime: .now) != nil)
        let dated = entry([("Last-Modified", "Sat, 28 Nov 2026 00:00:00 GMT")])
        #expect(CacheValidation.updated(dated, by: fields([("Last-Modified", "Sun, 29 Nov 2026 00:00:00 GMT")]),
                                        requestTime: .now, responseTime: .now) == nil)
    }

    @Test func storedFieldsLeaveOutSetCookieAndHopByHopFields() {
        let stored = CacheValidation.storedFields(of: fields([("Set-Cookie", "a=1"), ("Connection", "close, X-Hop"), ("X-Hop", "1"),
                                                              ("Keep-Alive", "timeout=5"), ("Transfer-Encoding", "chunked"),
                                                              ("Content-Type", "text/plain")]))
        #expect(stored == fields([("Content-Type", "text/plain")]))
    }

    @Test func aHeadResponseFreshensOnlyTheSameRepresentation() {
        let stored = entry([("ETag", "\"v1\""), ("Cache-Control", "max-age=1")])
        #expect(CacheValidation.freshened(stored, byHead: fields([("ETag", "\"v1\""), ("Cache-Control", "max-age=9")]), at: .now)?
            .headerFields.last?.value == "max-age=9")
        #expect(CacheValidation.freshened(stored, byHead: fields([("ETag", "\"v2\"")]), at: .now) == nil)
        #expect(CacheValidation.freshened(entry([]), byHead: [], at: .now) == nil)
    }

    @Test func theCallersOwnConditionsAreRecognised() {
        for name in ["If-None-Match", "if-modified-since", "If-Match", "If-Unmodified-Since", "If-Range"] {
            #expect(CacheValidation.isPrecondition(name))
        }
        #expect(!CacheValidation.isPrecondition("If-Anything"))
    }

    // MARK: Invalidation

    @Test func locationsAreInvalidatedOnlyOnTheSameOrigin() throws {
        let target = try #require(URL(string: "https://api.example.com/items/1"))
        let urls = CacheInvalidation.invalidatedURLs(target: target, responseFields: fields([
            ("Location", "/items"), ("Content-Location", "https://evil.example/items/1"),
        ]))
        #expect(urls.map(\.absoluteString) == ["https://api.example.com/items/1", "https://api.example.com/items"])
    }

    @Test func theResourceKeyNormalisesTheURL() throws {
        let plain = HTTPCache.resource(of: try #require(URL(string: "https://api.example.com/")))
        #expect(HTTPCache.resource(of: try #require(URL(string: "HTTPS://API.example.com:443"))) == plain)
        #expect(HTTPCache.resource(of: try #require(URL(string: "https://api.example.com/#top"))) == plain)
        #expect(HTTPCache.resource(of: try #require(URL(string: "https://api.example.com/?a=1"))) != plain)
    }

    @Test func theIdentityIsTheSecretFieldsWhateverTheirOrderAndCase() {
        let one = HTTPCache.identity(of: fields([("Authorization", "Bearer a"), ("Cookie", "s=1"), ("Accept", "x")]))
        let same = HTTPCache.identity(of: fields([("cookie", "s=1"), ("AUTHORIZATION", "Bearer a")]))
        #expect(one == same)
        #expect(one != HTTPCache.identity(of: fields([("Authorization", "Bearer b"), ("Cookie", "s=1")])))
        #expect(HTTPCache.identity(of: []) == HTTPCache.identity(of: fields([("Accept", "y")])))
    }
}
