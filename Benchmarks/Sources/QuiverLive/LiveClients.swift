import BenchSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver

/// One way of fetching the small JSON file from nginx.
protocol LiveClient: Sendable {
    /// A short name for the report.
    var name: String { get }
    /// Fetches the file once; throws unless the answer is a 200 with a body.
    func fetch() async throws
}

/// A response that was not the 200 with a body a client expects; `reason` says what it was.
struct UnexpectedResponse: Error {
    var reason = ""
}

extension URLSessionConfiguration {
    /// The default configuration without an HTTP cache, as `URLSessionTransport()` sets up its
    /// own: what a raw side compared with Quiver's default transport uses.
    static var withoutCache: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }
}

/// Raw URLSession, as one would write it without Quiver: a dedicated session, a `URLRequest`
/// built per call carrying the same headers that the provider's plugins set (so both send the
/// same bytes), `data(for:)`, a status check.
struct RawClient: LiveClient {
    let name = "raw URLSession"
    let session: URLSession
    let url: URL
    let headers: [(name: String, value: String)]
    /// Numbers the URL (`?n=…`) so that each request asks a URL of its own, when set.
    var numbers: Numbers?

    /// - Parameters:
    ///   - url: The file to fetch.
    ///   - headers: The headers the provider's plugins set. Defaults to ``StampPlugin``'s three.
    ///   - configuration: The session's configuration. Defaults to `.default`.
    init(url: URL, headers: [(name: String, value: String)] = StampPlugin.headers(3),
         configuration: URLSessionConfiguration = .default) {
        self.url = url
        self.headers = headers
        session = URLSession(configuration: configuration)
    }

    func fetch() async throws {
        var request = URLRequest(url: numbers.flatMap { URL(string: url.absoluteString + "?n=\($0.next())") } ?? url)
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200, !data.isEmpty else {
            throw UnexpectedResponse(reason: "\(request.url?.absoluteString ?? ""): \((response as? HTTPURLResponse)?.statusCode ?? 0)")
        }
    }
}

/// The same request through a `Provider` with three plugins and its default transport
/// (`URLSessionTransport` with the default configuration). Neither side decodes the body:
/// decoding costs both the same and would only dilute the ratio.
struct ProviderClient: LiveClient {
    let name = "Quiver Provider"
    let provider = Provider<LiveUser>(transport: URLSessionTransport(configuration: .default),
                                      plugins: StampPlugin.make(3))
    let target: LiveUser

    func fetch() async throws {
        let response = try await provider.response(for: target)
        guard response.statusCode == 200, !response.data.isEmpty else {
            throw UnexpectedResponse()
        }
    }
}

/// Hands out 1, 2, 3, …: a URL of its own for each request.
///
/// `@unchecked Sendable`: its one mutable value is read and written only while `lock` is held.
final class Numbers: @unchecked Sendable {
    private let lock = NSLock()
    private var last = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }
}

/// What users install: `AccessTokenPlugin` with a JWT-sized token, `HeadersPlugin`, the
/// logger with its output discarded, over the default transport (`URLSessionTransport()`, no
/// HTTP cache). Its raw twin sends the same headers with a session configured the same way.
struct BuiltinProviderClient: LiveClient {
    let name: String
    let provider: Provider<AuthorizedLiveUser>
    let baseURL: URL
    /// Numbers the URL of each request (`?n=…`), when set: with a cache, each request misses.
    let numbers: Numbers?

    /// - Parameters:
    ///   - numbered: Whether each request asks a URL of its own.
    ///   - cache: Whether the provider has an `HTTPCache` (10 MiB in memory); give it `numbered`,
    ///     so that every request misses and its response is stored.
    init(baseURL: URL, tokenLength: Int, numbered: Bool = false, cache: Bool = false) {
        name = cache ? "Quiver + token, headers, logger, cache (misses)" : "Quiver + token, headers, logger"
        provider = Provider(plugins: BuiltinPlugins.usual(tokenLength: tokenLength), cache: cache ? HTTPCache() : nil)
        self.baseURL = baseURL
        numbers = numbered ? Numbers() : nil
    }

    /// The headers the plugins set, for the raw twin.
    static func headers(tokenLength: Int) -> [(name: String, value: String)] {
        [("Authorization", "Bearer " + BuiltinPlugins.token(length: tokenLength)),
         ("User-Agent", "QuiverBench/1.0"), ("X-App-Version", "1.2.3")]
    }

    func fetch() async throws {
        let response = try await provider.response(for: AuthorizedLiveUser(baseURL: baseURL, number: numbers?.next()))
        guard response.statusCode == 200, !response.data.isEmpty, !response.source.isFromCache else {
            throw UnexpectedResponse(reason: "\(response.statusCode), \(response.data.count) bytes, \(response.source)")
        }
    }
}
