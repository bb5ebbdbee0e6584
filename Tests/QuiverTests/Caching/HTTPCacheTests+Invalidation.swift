import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

// What unsafe methods and `HEAD` change in the store, the limits a stored body still meets, and
// where a cached answer shows.
extension HTTPCacheTests {
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
}
