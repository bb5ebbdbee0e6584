import Benchmark
import BenchSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver

/// The HTTP cache (issue 49): a fresh hit against the stubbed request of the same target (a hit
/// must cost no more), and storing distinct URLs through a bounded memory store.
func registerCaching() {
    let cacheable: @Sendable (BenchAPI) -> Endpoint = cacheableEndpoint
    let stubbed = Provider<BenchAPI>(endpointClosure: cacheable, stubClosure: Provider.immediatelyStub,
                                     plugins: StampPlugin.make(3))
    let cached = Provider<BenchAPI>(endpointClosure: cacheable, stubClosure: Provider.immediatelyStub,
                                    plugins: StampPlugin.make(3), cache: HTTPCache())

    Benchmark("Cache-stub-3-plugins") { benchmark in
        try await benchmark.measureIterations {
            blackHole(try await stubbed.response(for: .user))
        }
    }

    Benchmark("Cache-hit-3-plugins",
              closure: { benchmark in
                  try await benchmark.measureIterations {
                      blackHole(try await cached.response(for: .user))
                  }
              },
              setup: { _ = try await cached.response(for: .user) })

    // 10,000 distinct URLs through a 1 MiB store: each a miss, stored, the oldest evicted.
    Benchmark("Cache-store-10k-urls-1MiB", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let store = HTTPCache(memoryCapacity: 1 << 20)
        let distinct = Provider<ManyURLs>(endpointClosure: cacheableEndpoint, stubClosure: Provider.immediatelyStub,
                                          cache: store)
        for index in benchmark.scaledIterations {
            blackHole(try await distinct.response(for: ManyURLs(index: index % 10_000)))
        }
        guard store.byteCount <= 1 << 20 else {
            throw StoreOverBound(byteCount: store.byteCount)
        }
    }
}

/// A memory store that held more than its bound.
struct StoreOverBound: Error {
    let byteCount: Int
}

/// `target`'s endpoint, stubbed with its sample data and a `Cache-Control` that keeps the
/// response fresh for the whole run.
@Sendable func cacheableEndpoint<Target: TargetType>(_ target: Target) -> Endpoint {
    let url = target.baseURL.appendingPathComponent(target.path)
    return Endpoint(url: url.absoluteString, sampleResponseClosure: {
        guard let head = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                                         headerFields: ["Cache-Control": "max-age=86400", "Content-Type": "application/json"]) else {
            return .networkResponse(200, target.sampleData)
        }
        return .response(head, target.sampleData)
    }, method: target.method, task: target.task, httpHeaderFields: target.headers)
}

/// One of many URLs, each answered with a cacheable stub.
struct ManyURLs: TargetType {
    let index: Int
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: String { "/items/\(index)" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var sampleData: Data { SmallBody.data }
}
