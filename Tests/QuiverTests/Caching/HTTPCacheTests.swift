import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The cache as a provider uses it: between the plugins and the transport, on a fake origin and
/// a clock the test moves. Each test names the rule of RFC 9111 it pins.
@Suite struct HTTPCacheTests {
    struct Item: TargetType, CachePolicyProviding {
        var path = "/item"
        var method: HTTPMethod = .get
        var headers: [String: String]?
        var policy: URLRequest.CachePolicy = .useProtocolCachePolicy
        var tolerance: TimeInterval?
        var query: [String: String] = [:]
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var task: HTTPTask { query.isEmpty ? .plain : .query(query) }
        var cachePolicy: URLRequest.CachePolicy { policy }
        var staleIfError: TimeInterval? { tolerance }
    }

    let clock = TestClock()

    /// A provider on `origin` with a 1 MiB memory cache on the test's clock.
    func provider(_ origin: OriginTransport, plugins: [any PluginType] = [],
                  limits: BodySizeLimits = .default) -> (Provider<Item>, HTTPCache) {
        let clock = clock
        let cache = HTTPCache(store: MemoryCacheStore(capacity: 1 << 20), clock: { clock.now })
        return (Provider<Item>(transport: origin, plugins: plugins, bodySizeLimits: limits, cache: cache), cache)
    }

    /// An origin whose every answer carries `fields`, a `Date` of the test's clock, and a body
    /// naming the request's number.
    func origin(_ fields: [(String, String)], status: Int = 200) -> OriginTransport {
        let clock = clock
        return OriginTransport { request, count in
            if request.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"" {
                return .init(status: 304, fields: [("Date", TestClock.httpDate(clock.now)), ("X-Count", "\(count)")] + fields.filter { $0.0 == "Cache-Control" }, body: Data())
            }
            return .init(status: status, fields: [("Date", TestClock.httpDate(clock.now)), ("X-Count", "\(count)")] + fields,
                         body: Data("{\"n\":\(count)}".utf8))
        }
    }

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

    // MARK: Errors and offline

    @Test func staleIfErrorStandsInForAFailedNetwork() async throws {
        let clock = clock
        let origin = OriginTransport { _, count in
            guard count == 1 else { throw URLError(.notConnectedToInternet) }
            return .init(fields: [("Date", TestClock.httpDate(clock.now)), ("Cache-Control", "max-age=10, stale-if-error=600")])
        }
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(100)
        #expect(try await provider.response(for: Item()).source == .stale(age: 100))
        clock.advance(600)
        let tooOld = await provider.result(for: Item())
        #expect(tooOld.isNetworkUnavailableFailure)
    }

    @Test func staleIfErrorStandsInForA503() async throws {
        let clock = clock
        let origin = OriginTransport { _, count in
            .init(status: count == 1 ? 200 : 503,
                  fields: [("Date", TestClock.httpDate(clock.now)), ("Cache-Control", "max-age=10, stale-if-error=600")])
        }
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(100)
        #expect(try await provider.response(for: Item()).source == .stale(age: 100))
    }

    @Test func theTargetsToleranceServesStaleWhenTheServerSaidNothing() async throws {
        let clock = clock
        let origin = OriginTransport { _, count in
            guard count == 1 else { throw URLError(.cannotConnectToHost) }
            return .init(fields: [("Date", TestClock.httpDate(clock.now)), ("Cache-Control", "max-age=10")])
        }
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item(tolerance: 3600))
        clock.advance(600)
        #expect(try await provider.response(for: Item(tolerance: 3600)).source == .stale(age: 600))
        // Without a tolerance, the failure is the answer.
        #expect(await provider.result(for: Item()).isNetworkUnavailableFailure)
    }

    @Test func cancellationIsNeverHiddenByAStaleResponse() async throws {
        #expect(!HTTPCache.isNetworkFailure(CancellationError()))
        #expect(!HTTPCache.isNetworkFailure(URLError(.cancelled)))
        #expect(!HTTPCache.isNetworkFailure(ResponseTooLarge(limit: 1, isDownload: false, method: .get, url: URL(string: "https://a.example")!)))
        #expect(HTTPCache.isNetworkFailure(URLError(.networkConnectionLost)))
        #expect(HTTPCache.isNetworkFailure(URLError(.timedOut)))
    }

    // MARK: Target policies

    @Test func returnCacheDataElseLoadTakesAnyAge() async throws {
        let origin = origin([("Cache-Control", "max-age=1")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(10_000)
        #expect(try await provider.response(for: Item(policy: .returnCacheDataElseLoad)).source == .stale(age: 10_000))
        #expect(origin.count == 1)
    }

    @Test func returnCacheDataDontLoadNeverSends() async throws {
        let origin = origin([("Cache-Control", "max-age=1")])
        let (provider, _) = provider(origin)
        let miss = await provider.result(for: Item(policy: .returnCacheDataDontLoad))
        #expect((try? miss.get()) == nil)
        #expect(origin.count == 0)
    }

    @Test func reloadIgnoringLocalCacheDataSendsAndStillStores() async throws {
        let origin = origin([("Cache-Control", "max-age=600")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        #expect(try await provider.response(for: Item(policy: .reloadIgnoringLocalCacheData)).source == .network)
        #expect(origin.count == 2)
        #expect(try await provider.response(for: Item()).value(forHTTPHeaderField: "X-Count") == "2")
    }

    @Test func reloadRevalidatingCacheDataAlwaysAsks() async throws {
        let origin = origin([("Cache-Control", "max-age=600"), ("ETag", "\"v1\"")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        #expect(try await provider.response(for: Item(policy: .reloadRevalidatingCacheData)).source == .revalidated)
    }

    // MARK: Vary

    @Test func varyKeepsOneResponsePerValue() async throws {
        let origin = origin([("Cache-Control", "max-age=600"), ("Vary", "Accept-Language")])
        let (provider, _) = provider(origin)
        let english = try await provider.response(for: Item(headers: ["Accept-Language": "en"]))
        let french = try await provider.response(for: Item(headers: ["Accept-Language": "fr"]))
        #expect(english.data != french.data)
        #expect(try await provider.response(for: Item(headers: ["Accept-Language": "en"])).data == english.data)
        #expect(try await provider.response(for: Item(headers: ["Accept-Language": "fr"])).data == french.data)
        #expect(origin.count == 2)
        // Absent is a value of its own.
        _ = try await provider.response(for: Item())
        #expect(origin.count == 3)
    }

    @Test func varyStarIsNeverServed() async throws {
        let origin = origin([("Cache-Control", "max-age=600"), ("Vary", "*")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        _ = try await provider.response(for: Item())
        #expect(origin.count == 2)
    }

    // MARK: Whose answer

    @Test func twoTokensOnOneURLNeverSeeEachOthersAnswers() async throws {
        let origin = OriginTransport { request, count in
            .init(fields: [("Cache-Control", "max-age=600")],
                  body: Data("\(request.value(forHTTPHeaderField: "Authorization") ?? "none") \(count)".utf8))
        }
        let (provider, cache) = provider(origin)
        let alice = try await provider.response(for: Item(headers: ["Authorization": "Bearer alice-token"]))
        let bob = try await provider.response(for: Item(headers: ["Authorization": "Bearer bob-token"]))
        let nobody = try await provider.response(for: Item())
        #expect(String(decoding: alice.data, as: UTF8.self) == "Bearer alice-token 1")
        #expect(String(decoding: bob.data, as: UTF8.self) == "Bearer bob-token 2")
        #expect(String(decoding: nobody.data, as: UTF8.self) == "none 3")
        // Each is served to its own again.
        #expect(try await provider.response(for: Item(headers: ["Authorization": "Bearer alice-token"])).data == alice.data)
        #expect(origin.count == 3)
        #expect(cache.byteCount > 0)
    }

    @Test func theTransportsCookiesAreCredentialsToo() async throws {
        let origin = origin([("Cache-Control", "max-age=600")])
        let (provider, _) = provider(origin)
        origin.cookies.withLock { $0 = "session=alice" }
        _ = try await provider.response(for: Item())
        origin.cookies.withLock { $0 = "session=bob" }
        #expect(try await provider.response(for: Item()).source == .network)
        #expect(origin.count == 2)
    }

    @Test func aSecretQueryValueIsPartOfTheKey() async throws {
        let origin = origin([("Cache-Control", "max-age=600")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item(query: ["api_key": "one-secret-value"]))
        _ = try await provider.response(for: Item(query: ["api_key": "another-secret"]))
        #expect(origin.count == 2)
    }

    @Test func setCookieIsNeverStoredOrReplayed() async throws {
        let origin = origin([("Cache-Control", "max-age=600"), ("Set-Cookie", "a=1; Path=/"), ("Set-Cookie", "b=2")])
        let (provider, _) = provider(origin)
        let first = try await provider.response(for: Item())
        #expect(first.headerFields.filter { $0.name == "Set-Cookie" }.map(\.value) == ["a=1; Path=/", "b=2"])
        let second = try await provider.response(for: Item())
        #expect(second.source.isFromCache)
        #expect(second.value(forHTTPHeaderField: "Set-Cookie") == nil)
    }

    // MARK: Invalidation

    @Test func aSuccessfulPostInvalidatesItsURIAndSameOriginLocations() async throws {
        let clock = clock
        let origin = OriginTransport { request, count in
            let fields: [(String, String)] = request.method == .post
                ? [("Location", "/other"), ("Content-Location", "https://elsewhere.example/item")]
                : [("Cache-Control", "max-age=600"), ("Date", TestClock.httpDate(clock.now))]
            return .init(fields: fields, body: Data("\(count)".utf8))
        }
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        _ = try await provider.response(for: Item(path: "/other"))
        #expect(origin.count == 2)
        _ = try await provider.response(for: Item(method: .post))
        _ = try await provider.response(for: Item())
        _ = try await provider.response(for: Item(path: "/other"))
        #expect(origin.count == 5)
    }

    @Test func aFailedPostInvalidatesNothing() async throws {
        let origin = OriginTransport { request, _ in
            .init(status: request.method == .post ? 500 : 200, fields: [("Cache-Control", "max-age=600")])
        }
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        _ = await provider.result(for: Item(method: .post))
        #expect(try await provider.response(for: Item()).source.isFromCache)
    }

    @Test func aHeadResponseFreshensTheStoredGet() async throws {
        let clock = clock
        let origin = OriginTransport { request, count in
            .init(fields: [("Date", TestClock.httpDate(clock.now)), ("Cache-Control", "max-age=60"), ("ETag", "\"v1\""),
                           ("X-Count", "\(count)")],
                  body: request.method == .head ? Data() : Data("body".utf8))
        }
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(100)
        _ = try await provider.response(for: Item(method: .head))
        let served = try await provider.response(for: Item())
        #expect(served.source.isFromCache)
        #expect(served.data == Data("body".utf8))
        #expect(served.value(forHTTPHeaderField: "X-Count") == "2")
    }

    @Test func aHeadResponseThatContradictsTheStoredGetMakesTheNextGetAskTheServer() async throws {
        // §4.3.5: a 200 HEAD whose validators differ from the stored GET's says the resource
        // changed; the stored response is no longer served as fresh.
        let origin = OriginTransport { request, count in
            .init(fields: [("Cache-Control", "max-age=600"), ("ETag", count == 2 ? "\"v2\"" : "\"v1\"")],
                  body: request.method == .head ? Data() : Data("body \(count)".utf8))
        }
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        #expect(try await provider.response(for: Item()).source.isFromCache)
        _ = try await provider.response(for: Item(method: .head))
        let after = try await provider.response(for: Item())
        #expect(after.source == .network)
        #expect(after.data == Data("body 3".utf8))
        #expect(origin.count == 3)
    }

    @Test func aHeadResponseThatFailsLeavesTheStoredGetAlone() async throws {
        let origin = OriginTransport { request, count in
            .init(status: request.method == .head ? 503 : 200, fields: [("Cache-Control", "max-age=600"), ("ETag", "\"v\(count)\"")])
        }
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        _ = await provider.result(for: Item(method: .head))
        #expect(try await provider.response(for: Item()).source.isFromCache)
    }

    // MARK: Limits and edges

    @Test func aStoredBodyCountsAgainstTheTargetsLimit() async throws {
        let origin = OriginTransport { _, _ in .init(fields: [("Cache-Control", "max-age=600")], body: Data(count: 1000)) }
        let clock = clock
        let cache = HTTPCache(store: MemoryCacheStore(capacity: 1 << 20), clock: { clock.now })
        _ = try await Provider<Item>(transport: origin, cache: cache).response(for: Item())
        let limited = Provider<Item>(transport: origin, bodySizeLimits: BodySizeLimits(memory: 100), cache: cache)
        let result = await limited.result(for: Item())
        guard case .failure(.transport(let cause, _)) = result else {
            Issue.record("expected ResponseTooLarge, got \(result)")
            return
        }
        #expect(cause is ResponseTooLarge)
        #expect(origin.count == 1)
    }

    @Test func aConditionalRequestOfTheCallersOwnIsPassedThrough() async throws {
        let origin = origin([("Cache-Control", "max-age=600"), ("ETag", "\"v1\"")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        let result = await provider.result(for: Item(headers: ["If-None-Match": "\"v1\""]))
        #expect(origin.count == 2)
        guard case .failure(.statusCode(let response)) = result else {
            Issue.record("expected the server's 304, got \(result)")
            return
        }
        #expect(response.statusCode == 304)
    }

    @Test func keepingAResponseReadsItsURLWithoutMakingItsHTTPURLResponse() async throws {
        // On Linux an HTTPURLResponse costs more than the rest of a miss: the cache checks
        // which URL answered from the parts a transport handed over.
        let origin = origin([("Cache-Control", "max-age=600")])
        let (provider, cache) = provider(origin)
        let response = try await provider.response(for: Item())
        guard case .parts(let parts) = response.head else {
            Issue.record("expected a head kept as parts, got \(String(describing: response.head))")
            return
        }
        #expect(cache.byteCount > 0)
        #expect(!parts.isMade)
        #expect(try await provider.response(for: Item()).source.isFromCache)
    }

    @Test func stubsAnswerMissesThroughTheSameCache() async throws {
        struct Stubbed: TargetType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/stubbed" }
            var method: HTTPMethod { .get }
            var task: HTTPTask { .plain }
            var sampleData: Data { Data("sample".utf8) }
        }
        let cache = HTTPCache()
        let provider = Provider<Stubbed>(endpointClosure: { target in
            Endpoint(url: target.baseURL.appendingPathComponent(target.path).absoluteString,
                     sampleResponseClosure: {
                         .response(HTTPURLResponse(url: target.baseURL, statusCode: 200, httpVersion: "HTTP/1.1",
                                                   headerFields: ["Cache-Control": "max-age=60"])!, target.sampleData)
                     },
                     method: target.method, task: target.task, httpHeaderFields: nil)
        }, stubClosure: Provider.immediatelyStub, cache: cache)
        #expect(try await provider.response(for: Stubbed()).source == .network)
        let second = try await provider.response(for: Stubbed())
        #expect(second.source.isFromCache)
        #expect(second.data == Data("sample".utf8))
    }

    // MARK: Seen everywhere

    @Test func theLoggerAndTheDescriptionSayTheCacheAnswered() async throws {
        let lines = Locked([String]())
        let logger = NetworkLoggerPlugin(configuration: .init(output: { _, new in lines.withLock { $0 += new } }))
        let origin = origin([("Cache-Control", "max-age=600")])
        let (provider, _) = provider(origin, plugins: [logger])
        _ = try await provider.response(for: Item())
        clock.advance(12)
        let cached = try await provider.response(for: Item())
        let responses = lines.withLock { $0 }.filter { $0.contains("Response:") }
        #expect(responses.count == 2)
        #expect(!(responses.first ?? "").contains("from"))
        #expect(responses.last?.hasSuffix("(from cache (age 12 s))") == true)
        #expect(cached.description.hasSuffix("(from cache (age 12 s))"))
    }

    // MARK: Cached, then fresh

    @Test func cachedThenFreshYieldsTheStoredResponseThenTheRevalidatedOne() async throws {
        let origin = origin([("Cache-Control", "max-age=600"), ("ETag", "\"v1\"")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        var sources: [Response.Source] = []
        for try await response in provider.cachedThenFresh(for: Item()) {
            sources.append(response.source)
        }
        #expect(sources == [.cache(age: 0), .revalidated])
        #expect(origin.count == 2)
    }

    @Test func cachedThenFreshWithNothingStoredYieldsTheNetworksAnswerOnly() async throws {
        let origin = origin([("Cache-Control", "max-age=600")])
        let (provider, _) = provider(origin)
        var sources: [Response.Source] = []
        for try await response in provider.cachedThenFresh(for: Item()) {
            sources.append(response.source)
        }
        #expect(sources == [.network])
    }

    @Test func cachedThenFreshThrowsAfterTheStoredResponseWhenTheNetworkFails() async throws {
        let clock = clock
        let origin = OriginTransport { _, count in
            guard count == 1 else { throw URLError(.notConnectedToInternet) }
            return .init(fields: [("Date", TestClock.httpDate(clock.now)), ("Cache-Control", "max-age=10")])
        }
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        clock.advance(60)
        var sources: [Response.Source] = []
        do {
            for try await response in provider.cachedThenFresh(for: Item()) {
                sources.append(response.source)
            }
            Issue.record("expected the network's failure")
        } catch {
            #expect(error.isNetworkUnavailable)
        }
        #expect(sources == [.stale(age: 60)])
    }

    @MainActor @Test func cachedThenFreshUpdatesMainActorState() async throws {
        @MainActor final class Model {
            var sources: [Response.Source] = []
            var failed = false
        }
        let origin = origin([("Cache-Control", "max-age=600"), ("ETag", "\"v1\"")])
        let (provider, _) = provider(origin)
        _ = try await provider.response(for: Item())
        let model = Model()
        let task = provider.requestCachedThenFresh(Item()) { result in
            switch result {
            case .success(let response): model.sources.append(response.source)
            case .failure: model.failed = true
            }
        }
        await task.value
        #expect(model.sources == [.cache(age: 0), .revalidated])
        #expect(!model.failed)
    }

    // MARK: Keys

    func fields(_ pairs: [(String, String)]) -> [HTTPHeaderField] {
        pairs.map { HTTPHeaderField(name: $0.0, value: $0.1) }
    }

    @Test func theResourceKeyNormalisesTheURL() throws {
        let plain = HTTPCache.resource(of: try #require(URL(string: "https://api.example.com/")))
        #expect(HTTPCache.resource(of: try #require(URL(string: "HTTPS://API.example.com:443"))) == plain)
        #expect(HTTPCache.resource(of: try #require(URL(string: "https://api.example.com/#top"))) == plain)
        #expect(HTTPCache.resource(of: try #require(URL(string: "https://api.example.com/?a=1"))) != plain)
    }

    /// The shortcut for URLs already in normal form gives the key `URLComponents` gives, and
    /// takes only URLs it is sure of.
    @Test(arguments: [
        ("https://api.example.com/v1/users/42", true), ("http://127.0.0.1/a?b=c&d=%2F", true),
        ("https://api.example.com/a;b/c?x=1+2", true), ("svn+ssh://host.example/p", true),
        ("https://api.example.com", false), ("https://API.example.com/", false), ("HTTPS://api.example.com/", false),
        ("https://api.example.com:443/", false), ("http://api.example.com:80/a", false), ("http://api.example.com:8080/", true),
        ("http://127.0.0.1:28431/user.json?n=1", true), ("https://api.example.com:80/", true), ("http://h.example:0080/", false),
        ("http://h.example:99999/", false), ("http://h.example:/", false), ("http://h.example:8080", false),
        ("https://user:pass@api.example.com/", false), ("https://api.example.com/a#b", false),
        ("https://[::1]/", false), ("https://xn--bcher-kva.example/", true), ("https://api_1.example.com/", false),
        ("file:///tmp/x", false), ("urn:isbn:123", false),
    ])
    func aURLInNormalFormSkipsURLComponentsWithTheSameKey(_ text: String, _ isNormal: Bool) throws {
        let url = try #require(URL(string: text))
        #expect(HTTPCache.isNormalized(url.absoluteString) == isNormal)
        if isNormal {
            #expect(HTTPCache.normalized(url) == url.absoluteString)
        }
        #expect(HTTPCache.resource(of: url) == CacheDigest(of: "GET " + HTTPCache.normalized(url)))
    }

    @Test func theIdentityIsTheSecretFieldsWhateverTheirOrderAndCase() {
        let one = HTTPCache.identity(of: fields([("Authorization", "Bearer a"), ("Cookie", "s=1"), ("Accept", "x")]))
        let same = HTTPCache.identity(of: fields([("cookie", "s=1"), ("AUTHORIZATION", "Bearer a")]))
        #expect(one == same)
        #expect(one != HTTPCache.identity(of: fields([("Authorization", "Bearer b"), ("Cookie", "s=1")])))
        #expect(HTTPCache.identity(of: []) == HTTPCache.identity(of: fields([("Accept", "y")])))
        #expect(HTTPCache.identity(of: []) == CacheDigest(of: ""))
        #expect(HTTPCache.identity(of: fields([("Authorization", "")])) != HTTPCache.identity(of: []))
    }
}

extension Result where Success == Response, Failure == QuiverError {
    /// Whether this is the failure of an unreachable network.
    var isNetworkUnavailableFailure: Bool {
        if case .failure(let error) = self { error.isNetworkUnavailable } else { false }
    }
}
