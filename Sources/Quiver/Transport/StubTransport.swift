import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport of a stubbed request: it answers with an endpoint's sample response and
/// opens no socket. Plugins, validation and mapping run exactly as for a live request.
struct StubTransport: HTTPTransport {
    /// `.immediate` or `.delayed`.
    let behavior: StubBehavior
    /// The endpoint's sample response.
    let sampleResponse: Endpoint.SampleResponseClosure

    func send(_ request: TransportRequest) async throws -> Response {
        if case .delayed(let seconds) = behavior, seconds > 0 {
            // A timeout shorter than the delay fires first, as it would on the network.
            let wait = min(seconds, request.timeout ?? .infinity)
            try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
            if wait < seconds {
                throw URLError(.timedOut)
            }
        }
        try Task.checkCancellation()

        let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
        switch sampleResponse() {
        case .networkResponse(let statusCode, let data):
            let response = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: nil)
            return Response(statusCode: statusCode, data: data, request: request.urlRequest, response: response)
        case .response(let response, let data):
            return Response(statusCode: response.statusCode, data: data, request: request.urlRequest, response: response)
        case .networkError(let error):
            throw error
        }
    }
}
