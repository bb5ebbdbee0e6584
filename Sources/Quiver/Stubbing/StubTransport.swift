import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport of a stubbed request: it answers with an endpoint's sample response and
/// opens no socket. Plugins, validation and mapping run exactly as for a live request.
package struct StubTransport: HTTPTransport {
    /// `.immediate` or `.delayed`.
    let behavior: StubBehavior
    /// The endpoint's sample response.
    let sample: Endpoint.Sample

    /// A stub that answers with `sample`, after `behavior`'s delay.
    package init(behavior: StubBehavior, sample: Endpoint.Sample) {
        self.behavior = behavior
        self.sample = sample
    }

    package func send(_ request: TransportRequest) async throws -> Response {
        if case .delayed(let seconds) = behavior, seconds > 0 {
            // A timeout shorter than the delay fires first, as it would on the network.
            let wait = min(seconds, request.timeout ?? .infinity)
            try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
            if wait < seconds {
                throw URLError(.timedOut)
            }
        }
        try Task.checkCancellation()

        if request.progress.isObserved, case .file = request.body, let size = request.body.byteCount {
            request.progress.uploaded(size, of: size)
        }
        let (http, data): (HTTPURLResponse?, Data)
        switch sample.response() {
        case .networkResponse(let statusCode, let body):
            (http, data) = (HTTPURLResponse(url: request.url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: nil), body)
        case .response(let response, let body):
            (http, data) = (response, body)
        case .networkError(let error):
            throw error
        }
        let statusCode = http?.statusCode ?? 200
        request.progress.downloaded(Int64(data.count), of: Int64(data.count))
        var response: Response
        switch request.destination {
        case .memory:
            response = Response(statusCode: statusCode, data: data, request: request.head, response: http)
        case .file(let file):
            // A stubbed download is written to a file, as a live one would be.
            do {
                try data.write(to: file)
            } catch {
                TemporaryFiles.remove(file)
                throw error
            }
            response = Response(statusCode: statusCode, data: Data(), request: request.head, response: http, fileURL: file)
        }
        response.isStubbed = true
        return response
    }
}
