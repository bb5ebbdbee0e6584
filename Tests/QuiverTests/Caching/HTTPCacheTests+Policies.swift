import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

// Stale answers for a failing network, the targets' policies, `Vary`, and whose request a
// stored response may answer.
extension HTTPCacheTests {
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
}
