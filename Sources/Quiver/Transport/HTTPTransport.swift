import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a prepared request and returns what came back: the one step of a ``Provider`` that
/// touches the network.
///
/// ``URLSessionTransport`` is the default. Implement this protocol to plug in another HTTP
/// client, or a fake in tests. A transport:
/// - receives a request that Quiver has already checked (absolute http(s) URL, legal headers,
///   no body on `GET`/`HEAD`);
/// - returns a ``Response`` for any status code: validation is the provider's job;
/// - throws on failure. `CancellationError` or `URLError(.cancelled)` become
///   ``QuiverError/cancelled``, `URLError(.timedOut)` ``QuiverError/timedOut``, a thrown
///   ``QuiverError`` is kept, anything else becomes ``QuiverError/transport(_:_:)``;
/// - ends promptly when its Swift `Task` is cancelled.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and waits for the whole response.
    ///
    /// - Parameter request: What to send.
    /// - Returns: The response, whatever its status code.
    /// - Throws: Why no complete response could be had.
    func send(_ request: TransportRequest) async throws -> Response
}

/// A request handed to an ``HTTPTransport``.
public struct TransportRequest: Sendable {
    /// The request to send, as the plugins prepared it.
    public var urlRequest: URLRequest

    /// The deadline on the whole exchange, in seconds: the request's `timeoutInterval` as the
    /// target's ``TargetType/timeout`` started it and the plugins left it. `nil` when neither set
    /// one: the transport's own default applies. A transport enforces it exactly (it does not
    /// round it to whole seconds) and fails with `URLError(.timedOut)` when it passes.
    public var timeout: TimeInterval?

    /// A file whose contents are the body, to be streamed rather than read into memory.
    public var bodyFile: URL?

    /// Whether the response body goes to a temporary file (``Response/fileURL``) rather than
    /// into memory. The caller takes over the file; on failure the transport removes it.
    public var downloadsToFile: Bool

    /// Receives upload and download progress, if anyone listens. ``URLSessionTransport`` calls
    /// it on the session's own queue, between chunks: it should hand the report on and return
    /// (``Provider`` passes it to a queue or a stream).
    public var progress: (@Sendable (ProgressResponse) -> Void)?

    /// Creates a transport request.
    ///
    /// - Parameters:
    ///   - urlRequest: The request to send.
    ///   - timeout: The longest the whole exchange may take, or `nil`.
    ///   - bodyFile: A file to stream as the body, or `nil`.
    ///   - downloadsToFile: Whether the response body goes to a temporary file.
    ///   - progress: Receives progress, or `nil`.
    public init(urlRequest: URLRequest, timeout: TimeInterval? = nil, bodyFile: URL? = nil,
                downloadsToFile: Bool = false, progress: (@Sendable (ProgressResponse) -> Void)? = nil) {
        self.urlRequest = urlRequest
        self.timeout = timeout
        self.bodyFile = bodyFile
        self.downloadsToFile = downloadsToFile
        self.progress = progress
    }
}
