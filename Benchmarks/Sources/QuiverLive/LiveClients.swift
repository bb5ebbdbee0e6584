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

struct UnexpectedResponse: Error {}

/// Raw URLSession, as one would write it without Quiver: a dedicated session with the default
/// configuration, a `URLRequest` built per call carrying the same three headers that the
/// provider's plugins stamp (so both send the same bytes), `data(for:)`, a status check.
struct RawClient: LiveClient {
    let name = "raw URLSession"
    let session = URLSession(configuration: .default)
    let url: URL
    let headers = StampPlugin.headers(3)

    func fetch() async throws {
        var request = URLRequest(url: url)
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200, !data.isEmpty else {
            throw UnexpectedResponse()
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
