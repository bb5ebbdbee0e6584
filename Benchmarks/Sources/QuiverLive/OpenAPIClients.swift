import BenchOpenAPI
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenAPIRuntime
import OpenAPIURLSession
import Quiver
import QuiverOpenAPI

/// The generated `getUser` operation, decoded, through one `ClientTransport`: swift-openapi-
/// urlsession's `URLSessionTransport` (the baseline) or Quiver's `QuiverClientTransport` over a
/// provider with no plugins and its default transport. Both sessions have no HTTP cache, as
/// Quiver's default.
struct GeneratedClient: LiveClient {
    let name: String
    let client: Client

    /// The generated client on swift-openapi-urlsession's transport.
    static func urlSession(serverURL: URL) -> GeneratedClient {
        let transport = OpenAPIURLSession.URLSessionTransport(configuration: .init(session: URLSession(configuration: .withoutCache)))
        return GeneratedClient(name: "generated client, swift-openapi-urlsession",
                               client: Client(serverURL: serverURL, transport: transport))
    }

    /// The generated client on Quiver's transport.
    static func quiver(serverURL: URL) -> GeneratedClient {
        GeneratedClient(name: "generated client, QuiverClientTransport",
                        client: Client(serverURL: serverURL, transport: QuiverClientTransport()))
    }

    func fetch() async throws {
        guard try await client.getUser().ok.body.json.id == 42 else {
            throw UnexpectedResponse()
        }
    }
}
