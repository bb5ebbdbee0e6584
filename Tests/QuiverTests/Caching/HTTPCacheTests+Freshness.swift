import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

// How long a stored response serves, and what each directive of RFC 9111 §5.2 changes.
extension HTTPCacheTests {
    // MARK: Freshness

    @Test func aFreshResponseIsServedWithoutARequest() async throws {
        let origin = origin([("Cache-Control", "max-age=60")])
        let (provider, _) = provider(origin)
        let first = try await provider.response(for: Item())
        clock.advance(30)
        let second = try await provider.response(for: Item())
        #expect(origin.count == 1)
        #expect(first.source == .network)
        #expect(second.source == .cache(age: 30))
        #expect(second.data == first.data)
        #expect(second.value(forHTTPHeaderField: "Age") == "30")
    }

    @Test func aStaleResponseIsRevalidatedAndA304GivesTheStoredBody() async throws {
        let origin = origin([("Cache-Control", "max-age=60"), ("ETag", "\"v1\"")])
        let (provider, _) = provider(origin)
        let first = try await provider.response(for: Item())
        clock.advance(61)
        let second = try await provider.response(for: Item())
        #expect(origin.count == 2)
        #expect(origin.requests[1].value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
        #expect(second.source == .revalidated)
        #expect(second.statusCode == 200)
        #expect(second.data == first.data)
        // The 304's fields replace the stored ones (§3.2): X-Count is the second request's.
        #expect(second.value(forHTTPHeaderField: "X-Count") == "2")
        // And the entry is fresh again.
        clock.advance(10)
        #expect(try await provider.response(for: Item()).source == .cache(age: 10))
        #expect(origin.count == 2)
    }

    @Test func lastModifiedIsSentAsIfModifiedSince() async throws {
        let modified = TestClock.httpDate(clock.now.addingTimeInterval(-3600))
        let origin = origin([("Cache-Control", "max-age=0"), ("Last-Modified", modified)])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        _ = try await provider.response(for: Item())
        #expect(origin.requests.last?.value(forHTTPHeaderField: "If-Modified-Since") == modified)
    }

    @Test func heuristicFreshnessNeedsLastModifiedAndACacheableStatus() async throws {
        // Modified 10 days ago: fresh for 10% of that, one day at most (§4.2.2).
        let modified = TestClock.httpDate(clock.now.addingTimeInterval(-10 * 86_400))
        let origin = origin([("Last-Modified", modified)])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(86_000)
        #expect(try await provider.response(for: Item()).source.isFromCache)
        clock.advance(1_000)
        _ = try await provider.response(for: Item())
        #expect(origin.count == 2)
    }

    @Test func aResponseWithoutFreshnessIsSentAgain() async throws {
        let origin = origin([])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        #expect(try await provider.response(for: Item()).source == .network)
        #expect(origin.count == 2)
    }

    @Test func expiresCountsFromDate() async throws {
        let origin = origin([("Expires", TestClock.httpDate(clock.now.addingTimeInterval(100)))])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(99)
        #expect(try await provider.response(for: Item()).source.isFromCache)
        clock.advance(2)
        #expect(try await provider.response(for: Item()).source == .network)
    }

    @Test func anAgeFromTheServerCountsAgainstFreshness() async throws {
        let origin = origin([("Cache-Control", "max-age=60"), ("Age", "50")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(11)
        _ = try await provider.response(for: Item())
        #expect(origin.count == 2)
    }

    // MARK: Directives

    @Test(arguments: ["no-store", "no-store, max-age=60", "max-age=60, no-store"])
    func noStoreIsNeverStored(_ directive: String) async throws {
        let origin = origin([("Cache-Control", directive)])
        let (provider, cache) = provider(origin)
        _ = try await provider.response(for: Item())
        _ = try await provider.response(for: Item())
        #expect(origin.count == 2)
        #expect(cache.byteCount == 0)
    }

    @Test func noCacheInTheResponseRevalidatesEveryTime() async throws {
        let origin = origin([("Cache-Control", "no-cache, max-age=600"), ("ETag", "\"v1\"")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        let second = try await provider.response(for: Item())
        #expect(origin.count == 2)
        #expect(second.source == .revalidated)
    }

    @Test(arguments: [["Cache-Control": "no-cache"], ["Pragma": "no-cache"], ["Cache-Control": "max-age=0"]])
    func aRequestThatAsksForTheServerIsSent(_ headers: [String: String]) async throws {
        let origin = origin([("Cache-Control", "max-age=600"), ("ETag", "\"v1\"")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(5)   // `max-age=0` accepts a response of age 0 (RFC 9111 §5.2.1.1)
        let second = try await provider.response(for: Item(headers: headers))
        #expect(origin.count == 2)
        #expect(second.source == .revalidated)
    }

    @Test func maxStaleServesAStaleResponseUnlessItMustRevalidate() async throws {
        let origin = origin([("Cache-Control", "max-age=10")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(40)
        let stale = try await provider.response(for: Item(headers: ["Cache-Control": "max-stale=60"]))
        #expect(stale.source == .stale(age: 40))
        #expect(origin.count == 1)

        let strict = self.origin([("Cache-Control", "max-age=10, must-revalidate")])
        let (strictProvider, _) = self.provider(strict)
        _ = try await strictProvider.response(for: Item())
        clock.advance(40)
        _ = try await strictProvider.response(for: Item(headers: ["Cache-Control": "max-stale=60"]))
        #expect(strict.count == 2)
    }

    @Test func minFreshAsksForMoreLifeThanIsLeft() async throws {
        let origin = origin([("Cache-Control", "max-age=60")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(30)
        _ = try await provider.response(for: Item(headers: ["Cache-Control": "min-fresh=40"]))
        #expect(origin.count == 2)
    }

    @Test func onlyIfCachedAnswers504WhenNothingServes() async throws {
        let origin = origin([("Cache-Control", "max-age=60")])
        let (provider, _) = provider(origin)
        let result = await provider.result(for: Item(headers: ["Cache-Control": "only-if-cached"]))
        guard case .failure(.statusCode(let response)) = result else {
            Issue.record("expected a 504, got \(result)")
            return
        }
        #expect(response.statusCode == 504)
        #expect(origin.count == 0)
    }

    @Test func staleWhileRevalidateServesNowAndRevalidatesBehind() async throws {
        let origin = origin([("Cache-Control", "max-age=10, stale-while-revalidate=60"), ("ETag", "\"v1\"")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(20)
        let served = try await provider.response(for: Item())
        #expect(served.source == .stale(age: 20))
        #expect(await waitUntil { origin.count == 2 })
        #expect(origin.requests[1].value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
        // Revalidated behind the caller: fresh again.
        #expect(try await provider.response(for: Item()).source.isFromCache)
        #expect(origin.count == 2)
    }

    /// A request that asks for an age the stale response is past (a reload's `max-age=0`), or
    /// for freshness left (`min-fresh`), waits for the revalidation instead of taking the
    /// stale response `stale-while-revalidate` would allow.
    @Test(arguments: ["max-age=0", "max-age=15", "min-fresh=1"])
    func aRequestThatRefusesStaleWaitsForTheRevalidation(_ directive: String) async throws {
        let origin = origin([("Cache-Control", "max-age=10, stale-while-revalidate=60"), ("ETag", "\"v1\"")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(20)
        let served = try await provider.response(for: Item(headers: ["Cache-Control": directive]))
        #expect(served.source == .revalidated)
        #expect(origin.count == 2)
        // A request that allows the age still takes the stale response.
        clock.advance(20)
        #expect(try await provider.response(for: Item(headers: ["Cache-Control": "max-age=40"])).source == .stale(age: 20))
    }

    /// A request no stored variant matches asks conditionally on the others' validators; the
    /// server's `304` names one, which answers this request and is kept as its variant too.
    @Test func anotherVariantConfirmedByA304AnswersAndIsKeptForThisRequest() async throws {
        let origin = origin([("Cache-Control", "max-age=60"), ("ETag", "\"v1\""), ("Vary", "Accept-Language")])
        let (provider, _) = provider(origin)
        let english = try await provider.response(for: Item(headers: ["Accept-Language": "en"]))
        let french = try await provider.response(for: Item(headers: ["Accept-Language": "fr"]))
        #expect(french.source == .revalidated)
        #expect(french.data == english.data)
        #expect(origin.requests[1].value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
        // Both variants now answer from the store.
        #expect(try await provider.response(for: Item(headers: ["Accept-Language": "fr"])).source.isFromCache)
        #expect(try await provider.response(for: Item(headers: ["Accept-Language": "en"])).source.isFromCache)
        #expect(origin.count == 2)
    }

    /// When the server sends a new representation instead, it is stored beside the others.
    @Test func anotherVariantAnsweredInFullIsStoredBeside() async throws {
        let origin = OriginTransport { _, count in
            .init(fields: [("Cache-Control", "max-age=60"), ("ETag", "\"v\(count)\""), ("Vary", "Accept-Language")])
        }
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item(headers: ["Accept-Language": "en"]))
        let french = try await provider.response(for: Item(headers: ["Accept-Language": "fr"]))
        #expect(french.source == .network)
        #expect(origin.requests[1].value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
        #expect(try await provider.response(for: Item(headers: ["Accept-Language": "fr"])).source.isFromCache)
        #expect(try await provider.response(for: Item(headers: ["Accept-Language": "en"])).source.isFromCache)
        #expect(origin.count == 2)
    }
}
