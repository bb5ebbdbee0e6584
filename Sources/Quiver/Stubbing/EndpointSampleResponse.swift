import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a stubbed request answers with.
public enum EndpointSampleResponse: Sendable {
    /// A response with this status code and body.
    case networkResponse(Int, Data)
    /// This exact response (status code and headers) and body.
    case response(HTTPURLResponse, Data)
    /// This response, its body in these pieces at these times: a stream as it was recorded.
    ///
    /// ``Provider/stream(for:)`` hands each piece over at its time, whatever the target's
    /// ``StubStreamPacingProviding`` says; any other request gets the pieces joined.
    case streamed(HTTPURLResponse, [SampleChunk])
    /// A failure of the network, for example `URLError(.notConnectedToInternet)`.
    ///
    /// `URLError(.timedOut)` becomes ``QuiverError/timedOut(_:after:)``, `URLError(.cancelled)`
    /// ``QuiverError/cancelled(_:)``, anything else ``QuiverError/transport(_:_:)``.
    case networkError(any Error)
}
