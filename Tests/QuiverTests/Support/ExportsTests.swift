// Deliberately no `import Foundation` / `FoundationNetworking`: `import Quiver` alone must be
// enough to write a plugin and a transport, on Linux as on Apple platforms.
import Quiver
import Testing

/// A plugin written with `import Quiver` alone, as in the documentation's articles.
private struct StampPlugin: PluginType {
    func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
        request.setValue("1", forHTTPHeaderField: "X-Stamp")
        return request
    }
}

/// A transport written with `import Quiver` alone: answers every request with its own headers.
private struct EchoHeadersTransport: HTTPTransport {
    func send(_ request: TransportRequest) async throws -> Response {
        let http = HTTPURLResponse(url: request.url, statusCode: 200, httpVersion: "HTTP/1.1",
                                   headerFields: ["Content-Type": "text/plain"])
        let stamp = request.value(forHTTPHeaderField: "X-Stamp") ?? "none"
        return Response(statusCode: 200, data: Data(stamp.utf8), response: http)
    }
}

@Suite struct ExportsTests {
    @Test func importQuiverAloneIsEnoughForAPluginAndATransport() async throws {
        let provider = Provider<GenericTarget>(transport: EchoHeadersTransport(), plugins: [StampPlugin()])
        let base = try #require(URL(string: "https://api.example.com"))
        let response = try await provider.response(for: GenericTarget(baseURL: base))
        #expect(String(decoding: response.data, as: UTF8.self) == "1")
        #expect(response.response?.value(forHTTPHeaderField: "Content-Type") == "text/plain")
    }
}
