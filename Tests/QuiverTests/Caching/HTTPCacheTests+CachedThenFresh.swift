import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

// `Provider.cachedThenFresh(for:)`: the stored response first, then the network's.
extension HTTPCacheTests {
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
}
