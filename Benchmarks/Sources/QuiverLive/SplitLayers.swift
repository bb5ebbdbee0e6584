import BenchSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver

/// `URLSessionTransport` alone, sending the request raw URLSession sends, built the same way
/// for each call.
struct TransportClient: LiveClient {
    let name = "URLSessionTransport"
    let transport = URLSessionTransport(configuration: .default)
    let url: URL

    func fetch() async throws {
        var headers: [String: String] = [:]
        for (name, value) in StampPlugin.headers(3) {
            headers[name] = value
        }
        let response = try await transport.send(TransportRequest(url: url, headerFields: headers))
        guard response.statusCode == 200, !response.data.isEmpty else {
            throw UnexpectedResponse()
        }
    }
}

/// Raw URLSession, plus a piece of the provider's work done beside it (and thrown away).
struct RawPlusClient: LiveClient {
    let name: String
    let raw: RawClient
    let work: @Sendable () throws -> Void

    func fetch() async throws {
        try work()
        try await raw.fetch()
    }
}

/// ``LiveUser`` carrying the three headers itself, so that a provider with no plugins sends the
/// same bytes as the other layers.
struct HeadedUser: TargetType {
    let baseURL: URL
    var path: String { "user.json" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var headers: [String: String]? { Self.stamped }

    private static let stamped = Dictionary(uniqueKeysWithValues: StampPlugin.headers(3).map { ($0.name, $0.value) })
}

/// A provider with no plugins; the headers come from the target.
struct BareProviderClient: LiveClient {
    let name = "Provider, no plugins"
    let provider = Provider<HeadedUser>(transport: URLSessionTransport(configuration: .default))
    let target: HeadedUser

    func fetch() async throws {
        let response = try await provider.response(for: target)
        guard response.statusCode == 200, !response.data.isEmpty else {
            throw UnexpectedResponse()
        }
    }
}

/// The layers of `--split`, each adding one piece to raw URLSession, up to the benchmark's
/// provider with 3 plugins.
func splitLayers(fileURL: URL, raw: RawClient, provider: ProviderClient) -> [any LiveClient] {
    let headed = HeadedUser(baseURL: provider.target.baseURL)
    let text = fileURL.absoluteString
    return [
        raw,
        TransportClient(url: fileURL),
        RawPlusClient(name: "raw + URL(string:)", raw: raw) {
            guard URL(string: text) != nil else { throw UnexpectedResponse() }
        },
        RawPlusClient(name: "raw + endpoint", raw: raw) {
            guard !Provider<HeadedUser>.defaultEndpointMapping(for: headed).url.isEmpty else { throw UnexpectedResponse() }
        },
        RawPlusClient(name: "raw + endpoint.urlRequest()", raw: raw) {
            guard try Provider<HeadedUser>.defaultEndpointMapping(for: headed).urlRequest().url != nil else {
                throw UnexpectedResponse()
            }
        },
        BareProviderClient(target: headed),
        provider,
    ]
}
