import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Issue 49: the provider's HTTP cache against a real server (the fault server's `/cache`, which
/// sends the caching header fields a test asks for and answers conditional requests), on every
/// transport of the matrix.
@Suite(.requiresFaultServer) struct HTTPCacheIntegrationTests {
    struct Resource: TargetType {
        let key: String
        var parameters: [String: String] = [:]
        var method: HTTPMethod = .get
        var headers: [String: String]?
        var baseURL: URL {
            let base = (TestServers.fault ?? TestServers.unconfigured).appendingPathComponent("cache")
            var parts = URLComponents(url: base, resolvingAgainstBaseURL: false)
            parts?.queryItems = ([("key", key)] + parameters.sorted { $0.key < $1.key })
                .map { URLQueryItem(name: $0.0, value: $0.1) }
            return parts?.url ?? TestServers.unconfigured
        }
        var path: String { "" }
        var task: HTTPTask { .plain }
        var timeout: TimeInterval? { 10 }
    }

    struct Answer: Decodable, Equatable {
        let key: String
        let attempt: Int
        let varied: String?
    }

    /// A key no other test or run shares.
    func key(_ name: String) -> String {
        "\(name)-\(UUID().uuidString)"
    }

    func provider(_ cache: HTTPCache = HTTPCache()) -> Provider<Resource> {
        Provider<Resource>(transport: TransportUnderTest.shared, cache: cache)
    }

    @Test func aFreshResponseIsServedWithoutAskingTheServer() async throws {
        let target = Resource(key: key("fresh"), parameters: ["cache_control": "max-age=600"])
        let provider = provider()
        let first = try await provider.response(for: target)
        let second = try await provider.response(for: target)
        #expect(first.source == .network)
        #expect(second.source.isFromCache)
        #expect(try second.decode(Answer.self).attempt == 1)
        // The server saw one request: a request that skips the cache is its second.
        let skipped = try await provider.response(for: Resource(key: target.key, parameters: target.parameters,
                                                                 headers: ["Cache-Control": "no-cache"]))
        #expect(skipped.value(forHTTPHeaderField: "X-Attempt") == "2")
    }

    @Test func anETagIsRevalidatedAndThe304GivesTheStoredBody() async throws {
        let target = Resource(key: key("etag"), parameters: ["cache_control": "max-age=0", "etag": "v1"])
        let provider = provider()
        _ = try await provider.response(for: target)
        let second = try await provider.response(for: target)
        #expect(second.source == .revalidated)
        #expect(second.statusCode == 200)
        #expect(try second.decode(Answer.self).attempt == 1)
        #expect(second.value(forHTTPHeaderField: "X-Attempt") == "2")
    }

    @Test func lastModifiedIsRevalidatedToo() async throws {
        let target = Resource(key: key("modified"), parameters: ["cache_control": "no-cache", "last_modified": "3600"])
        let provider = provider()
        _ = try await provider.response(for: target)
        let second = try await provider.response(for: target)
        #expect(second.source == .revalidated)
        #expect(try second.decode(Answer.self).attempt == 1)
    }

    @Test func twoTokensOnOneURLNeverSeeEachOthersAnswer() async throws {
        let key = key("tokens")
        let provider = provider()
        func attempt(_ token: String?) async throws -> Int {
            let target = Resource(key: key, parameters: ["cache_control": "private, max-age=600"],
                                  headers: token.map { ["Authorization": "Bearer \($0)"] })
            return try await provider.response(for: target).decode(Answer.self).attempt
        }
        #expect(try await attempt("alice-secret-token") == 1)
        #expect(try await attempt("bob-secret-token") == 2)
        #expect(try await attempt(nil) == 3)
        #expect(try await attempt("alice-secret-token") == 1)
        #expect(try await attempt("bob-secret-token") == 2)
    }

    @Test func varyKeepsAVariantPerValue() async throws {
        let key = key("vary")
        let provider = provider()
        func answer(_ variant: String) async throws -> Answer {
            try await provider.response(for: Resource(key: key, parameters: ["cache_control": "max-age=600", "vary": "X-Variant"],
                                                      headers: ["X-Variant": variant])).decode(Answer.self)
        }
        #expect(try await answer("a") == Answer(key: key, attempt: 1, varied: "a"))
        #expect(try await answer("b") == Answer(key: key, attempt: 2, varied: "b"))
        #expect(try await answer("a").attempt == 1)
    }

    @Test func aStaleResponseStandsInForA503WhenStaleIfErrorAllows() async throws {
        let target = Resource(key: key("offline"),
                              parameters: ["cache_control": "max-age=0, stale-if-error=600", "fail_from": "2"])
        let provider = provider()
        _ = try await provider.response(for: target)
        let second = try await provider.response(for: target)
        guard case .stale = second.source else {
            Issue.record("expected a stale response, got \(second.source)")
            return
        }
        #expect(try second.decode(Answer.self).attempt == 1)
    }

    @Test func aPostInvalidatesTheStoredResponse() async throws {
        let target = Resource(key: key("invalidate"), parameters: ["cache_control": "max-age=600"])
        let provider = provider()
        _ = try await provider.response(for: target)
        #expect(try await provider.response(for: target).source.isFromCache)
        _ = try await provider.response(for: Resource(key: target.key, parameters: target.parameters, method: .post))
        let after = try await provider.response(for: target)
        #expect(after.source == .network)
        #expect(try after.decode(Answer.self).attempt == 3)
    }

    @Test func twoProvidersShareADirectory() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quiver-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = Resource(key: key("disk"), parameters: ["cache_control": "max-age=600"])
        _ = try await provider(HTTPCache(directory: directory)).response(for: target)
        let other = try await provider(HTTPCache(directory: directory)).response(for: target)
        #expect(other.source.isFromCache)
        #expect(try other.decode(Answer.self).attempt == 1)
    }

    @MainActor @Test func cachedThenFreshFromMainActorCode() async throws {
        @MainActor final class ScreenModel {
            var attempts: [Int] = []
            var sources: [Response.Source] = []
        }
        let target = Resource(key: key("screen"), parameters: ["cache_control": "max-age=600", "etag": "v1"])
        let provider = provider()
        _ = try await provider.response(for: target)
        let model = ScreenModel()
        await provider.requestCachedThenFresh(target) { result in
            guard case .success(let response) = result else { return }
            model.sources.append(response.source)
            model.attempts.append((try? response.decode(Answer.self).attempt) ?? -1)
        }.value
        #expect(model.sources.count == 2)
        #expect(model.sources.first?.isFromCache == true)
        #expect(model.sources.last == .revalidated)
        #expect(model.attempts == [1, 1])
    }
}
