import Foundation
import Testing
@testable import Quiver

/// RFC 9111 §3: what a private cache may store.
@Suite struct CacheStorabilityTests {
    func fields(_ pairs: [(String, String)]) -> [HTTPHeaderField] {
        pairs.map { HTTPHeaderField(name: $0.0, value: $0.1) }
    }

    func mayStore(_ status: Int, _ pairs: [(String, String)], request: [String] = []) -> Bool {
        CacheStorability.mayStore(statusCode: status, responseFields: fields(pairs), request: CacheControl(request))
    }

    @Test func onlyAGetsResponseIsStored() {
        for method in ["GET", "HEAD", "POST", "PUT", "get"] {
            #expect(CacheStorability.mayStore(method: method, statusCode: 200, responseFields: [], request: CacheControl([]))
                == (method == "GET"))
        }
    }

    @Test(arguments: [100, 101, 103, 199, 600, 0, -1])
    func aStatusThatIsNotFinalIsNeverStored(_ status: Int) {
        #expect(!mayStore(status, [("Cache-Control", "max-age=60, public")]))
    }

    @Test(arguments: ["max-age=60", "public", "private"])
    func anExplicitExpiryOrAPermissionStoresAnyFinalStatus(_ directive: String) {
        #expect(mayStore(201, [("Cache-Control", directive)]))
        #expect(mayStore(599, [("Cache-Control", directive)]))
    }

    @Test func anExpiresFieldStoresEvenWhenInvalid() {
        #expect(mayStore(201, [("Expires", "Sat, 28 Nov 2026 00:00:00 GMT")]))
        #expect(mayStore(201, [("Expires", "0")]))
    }

    @Test func sMaxAgeAloneDoesNotMakeAResponseStorableInAPrivateCache() {
        #expect(!mayStore(201, [("Cache-Control", "s-maxage=60")]))
    }

    @Test(arguments: [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501])
    func aStatusCacheableByDefaultIsStoredWithoutDirectives(_ status: Int) {
        #expect(mayStore(status, []))
    }

    @Test(arguments: [201, 202, 302, 303, 307, 400, 401, 403, 500, 502, 503])
    func anyOtherStatusNeedsAnExpiryOrAPermission(_ status: Int) {
        #expect(!mayStore(status, []))
        #expect(!mayStore(status, [("Last-Modified", "Sat, 28 Nov 2026 00:00:00 GMT"), ("ETag", "\"v\"")]))
    }

    @Test func noStoreInTheResponseOrTheRequestPreventsStoring() {
        #expect(!mayStore(200, [("Cache-Control", "max-age=60, no-store")]))
        #expect(!mayStore(200, [("Cache-Control", "max-age=60"), ("Cache-Control", "NO-STORE")]))
        #expect(!mayStore(200, [("Cache-Control", "max-age=60")], request: ["no-store"]))
    }

    @Test func noCacheStillStores() {
        #expect(mayStore(200, [("Cache-Control", "no-cache")]))
    }

    @Test func partialContentIsNeverStored() {
        #expect(!mayStore(206, [("Cache-Control", "max-age=60, public"), ("Content-Range", "bytes 0-3/10")]))
        #expect(!mayStore(200, [("Cache-Control", "max-age=60"), ("Content-Range", "bytes 0-3/10")]))
        #expect(!mayStore(206, [("Cache-Control", "must-understand, no-store, max-age=60")]))
    }

    @Test func a304IsNeverStoredAsAResponse() {
        #expect(!mayStore(304, [("Cache-Control", "max-age=60")]))
    }

    @Test(arguments: [200, 203, 204, 300, 301, 302, 303, 307, 308, 404, 405, 410, 414, 501])
    func mustUnderstandStoresAnUnderstoodStatusDespiteNoStore(_ status: Int) {
        #expect(mayStore(status, [("Cache-Control", "must-understand, no-store, max-age=60")]))
    }

    @Test(arguments: [299, 418, 425, 599])
    func mustUnderstandRefusesAStatusThisCacheDoesNotUnderstand(_ status: Int) {
        #expect(!mayStore(status, [("Cache-Control", "must-understand, no-store, max-age=60")]))
        #expect(!mayStore(status, [("Cache-Control", "must-understand, max-age=60")]))
    }

    @Test func mustUnderstandDoesNotOverrideTheRequestsNoStore() {
        #expect(!mayStore(200, [("Cache-Control", "must-understand, no-store, max-age=60")], request: ["no-store"]))
    }

    @Test func aResponseToARequestWithCredentialsMayBeStoredByAPrivateCache() {
        // §3.5 binds shared caches only; the credentials are in the request, not read here.
        #expect(mayStore(200, [("Cache-Control", "private, max-age=60")]))
        #expect(mayStore(200, [("Cache-Control", "max-age=60")]))
    }
}
