import AsyncHTTPClient
import BenchSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver
import QuiverAsyncHTTPClient

/// The configuration of both AsyncHTTPClient sides: what `AsyncHTTPClientTransport()` sets up
/// (its own redirects, so none followed by the client; decompression on). `connections` raises
/// the pool's connections per host (AsyncHTTPClient's default is 8), for `--scale`.
func benchConfiguration(connections: Int? = nil) -> HTTPClient.Configuration {
    var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow,
                                                 decompression: .enabled(limit: .none))
    configuration.timeout.read = .seconds(60)
    if let connections {
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = connections
    }
    return configuration
}

/// Raw AsyncHTTPClient, as one would write it without Quiver: an `HTTPClient` of its own, an
/// `HTTPClientRequest` per call with the headers the provider's plugins set (none without
/// plugins), the body collected, a status check.
struct RawHTTPClientClient: LiveClient {
    let name = "raw HTTPClient"
    let client: HTTPClient
    let url: String
    let headers: [(name: String, value: String)]
    /// Numbers the URL of each request (`?n=…`), when set, as the side with a cache does.
    var numbers: Numbers?

    init(url: String, headers: [(name: String, value: String)],
         configuration: HTTPClient.Configuration = benchConfiguration()) {
        self.url = url
        self.headers = headers
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// A raw side on `client`, another side's: the A/A control of `--scale`, which shares raw's
    /// connection pool so that the run opens no more connections than nginx takes.
    init(url: String, headers: [(name: String, value: String)], client: HTTPClient) {
        self.url = url
        self.headers = headers
        self.client = client
    }

    func fetch() async throws {
        var request = HTTPClientRequest(url: numbers.map { url + "?n=\($0.next())" } ?? url)
        for (name, value) in headers {
            request.headers.add(name: name, value: value)
        }
        let response = try await client.execute(request, deadline: .distantFuture)
        let body = try await response.body.collect(upTo: 1 << 24)
        guard response.status.code == 200, body.readableBytes > 0 else {
            throw UnexpectedResponse()
        }
    }
}

/// Raw `HTTPClient` plus the one piece a transport cannot skip: the response head as the
/// `HTTPURLResponse` a Quiver `Response` carries, built as the transport builds it. The `--split`
/// layer that shows what FoundationNetworking's `HTTPURLResponse.init` (it canonicalizes every
/// header name through `NSString`) costs on its own.
struct RawHTTPClientHeadClient: LiveClient {
    let name = "raw HTTPClient + HTTPURLResponse"
    let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: benchConfiguration())
    let url: URL

    func fetch() async throws {
        let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), deadline: .distantFuture)
        let body = try await response.body.collect(upTo: 1 << 24)
        var fields: [String: String] = [:]
        for (name, value) in response.headers {
            fields[name] = fields[name].map { $0 + ", " + value } ?? value
        }
        let head = HTTPURLResponse(url: url, statusCode: Int(response.status.code), httpVersion: "HTTP/1.1",
                                   headerFields: fields)
        guard head?.statusCode == 200, body.readableBytes > 0 else {
            throw UnexpectedResponse()
        }
    }
}

/// The same request through a `Provider` on `AsyncHTTPClientTransport`: no plugins, or the
/// built-in ones users install (token, headers, logger with its output discarded).
struct AsyncHTTPClientProviderClient: LiveClient {
    let name: String
    private let fetchOnce: @Sendable () async throws -> Response

    /// - Parameters:
    ///   - only: With `builtinPlugins`, the names of the built-in plugins to install (some of
    ///     ``BuiltinPlugins/names``).
    ///   - numbered: With `builtinPlugins`, whether each request asks a URL of its own.
    ///   - cache: With `builtinPlugins`, whether the provider has an `HTTPCache` (10 MiB in
    ///     memory); give it `numbered`, so that every request misses and its response is stored.
    init(baseURL: URL, builtinPlugins: Bool, tokenLength: Int, only: [String] = BuiltinPlugins.names,
         numbered: Bool = false, cache: Bool = false, configuration: HTTPClient.Configuration = benchConfiguration()) {
        let transport = AsyncHTTPClientTransport(client: HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup,
                                                                    configuration: configuration))
        if builtinPlugins {
            name = "Quiver on AsyncHTTPClient + " + (only.isEmpty ? "no plugins" : only.joined(separator: ", "))
                + (cache ? ", cache (misses)" : "")
            let provider = Provider<AuthorizedLiveUser>(transport: transport,
                                                        plugins: BuiltinPlugins.named(only, tokenLength: tokenLength),
                                                        cache: cache ? HTTPCache() : nil)
            let numbers = numbered ? Numbers() : nil
            fetchOnce = {
                let response = try await provider.response(for: AuthorizedLiveUser(baseURL: baseURL, number: numbers?.next()))
                guard !response.source.isFromCache else { throw UnexpectedResponse(reason: "answered by the cache") }
                return response
            }
        } else {
            name = "Quiver on AsyncHTTPClient"
            let provider = Provider<LiveUser>(transport: transport)
            let target = LiveUser(baseURL: baseURL)
            fetchOnce = { try await provider.response(for: target) }
        }
    }

    func fetch() async throws {
        let response = try await fetchOnce()
        guard response.statusCode == 200, !response.data.isEmpty else {
            throw UnexpectedResponse()
        }
    }
}

/// `AsyncHTTPClientTransport` alone, sent a `TransportRequest` by hand: the `--split` layer
/// between raw `HTTPClient` and a provider on the transport.
/// With a `timeout`, the request carries a deadline of its own, which the transport enforces
/// over the whole exchange, body included.
struct AsyncHTTPClientTransportClient: LiveClient {
    let name: String
    let transport: AsyncHTTPClientTransport
    let request: TransportRequest

    init(url: URL, timeout: TimeInterval? = nil, configuration: HTTPClient.Configuration = benchConfiguration()) {
        transport = AsyncHTTPClientTransport(client: HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup,
                                                                configuration: configuration))
        name = timeout.map { "AsyncHTTPClientTransport, \(Int($0)) s deadline" } ?? "AsyncHTTPClientTransport alone"
        request = TransportRequest(url: url, timeout: timeout)
    }

    func fetch() async throws {
        let response = try await transport.send(request)
        guard response.statusCode == 200, !response.data.isEmpty else {
            throw UnexpectedResponse()
        }
    }
}
