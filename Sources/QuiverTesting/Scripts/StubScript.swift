import Foundation
import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers from a script instead of the network: the scripted and sequenced
/// stubs of tests (a `401` then a `200` for credential refresh, a `503` with `Retry-After` then a
/// `200` for retries). Plugins, validation and mapping run as for a live request.
///
/// ```swift
/// let body = Data(#"{"id":7,"name":"Rex"}"#.utf8)
/// let authentication = AuthenticationPlugin(credential: AuthenticationCredential(accessToken: "stale", refreshToken: "r1")) { _ in
///     AuthenticationCredential(accessToken: "fresh", refreshToken: "r2")
/// }
/// let script = StubScript.sequence([.networkResponse(401, Data()), .networkResponse(200, body)])
/// let provider = Provider<Petstore>(transport: script, plugins: [authentication])   // refreshes once
///
/// let byRequest = StubScript { request, attempt in
///     request.value(forHTTPHeaderField: "Authorization") == "Bearer fresh"
///         ? .networkResponse(200, body) : .networkResponse(401, Data())
/// }
/// ```
///
/// `Petstore` stands for any target of the app: its requests are answered by the script.
///
/// Safe under concurrency: requests are answered one script call at a time, in arrival order.
public final class StubScript: HTTPTransport {
    /// Answers one request: the request as sent (head, body, timeout), and its attempt number,
    /// from 1, counting the requests this script has answered for the same method and URL.
    public typealias Script = @Sendable (_ request: TransportRequest, _ attempt: Int) async throws -> EndpointSampleResponse

    private let script: Script
    private let state = Locked((sent: [TransportRequest](), attempts: [String: Int]()))

    /// Creates a transport that answers with `script`.
    ///
    /// - Parameter script: Answers each request.
    public init(_ script: @escaping Script) {
        self.script = script
    }

    /// Answers with `responses` in order, one per request; after the last, the last repeats.
    ///
    /// - Parameter responses: The answers, at least one.
    /// - Returns: The transport.
    public static func sequence(_ responses: [EndpointSampleResponse]) -> StubScript {
        let position = Locked(0)
        return StubScript { _, _ in
            let index = position.withLock { position -> Int in
                defer { position += 1 }
                return position
            }
            guard let last = responses.last else { return .networkError(URLError(.resourceUnavailable)) }
            return index < responses.count ? responses[index] : last
        }
    }

    /// The requests answered so far, in order.
    public var requests: [TransportRequest] {
        state.withLock { $0.sent }
    }

    /// Answers `request` from the script.
    ///
    /// - Parameter request: The request.
    /// - Returns: The scripted response.
    /// - Throws: The scripted network error, or what the script throws.
    public func send(_ request: TransportRequest) async throws -> Response {
        try await stub(answering: request).send(request)
    }

    /// Records `request` and runs the script for it: a stub that answers with what it said.
    func stub(answering request: TransportRequest) async throws -> StubTransport {
        let key = "\(request.method) \(request.url.absoluteString)"
        let attempt = state.withLock { state -> Int in
            state.sent.append(request)
            state.attempts[key, default: 0] += 1
            return state.attempts[key] ?? 1
        }
        let answer = try await script(request, attempt)
        return StubTransport(behavior: .immediate, sample: .closure({ answer }))
    }
}
