import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The cache as a provider uses it: between the plugins and the transport, on a fake origin and
/// a clock the test moves. Each test names the rule of RFC 9111 it pins. This file holds the
/// fixtures and the keys; the extensions beside it hold freshness and directives, policies and
/// credentials, invalidation and limits, and cached-then-fresh.
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
