import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a prepared request and returns what came back: the one step of a ``Provider`` that
/// touches the network.
///
/// ``URLSessionTransport`` is the default. Implement this protocol to plug in another HTTP
/// client, or a fake in tests. A transport:
/// - receives a ``TransportRequest`` that Quiver has already checked (absolute http(s) URL,
///   legal headers, no body on `GET`/`HEAD`), and uses every part of it: the head
///   (``TransportRequest/method``, ``TransportRequest/url``, ``TransportRequest/headerFields``),
///   the one ``TransportRequest/body`` (switch over it: a file body is as much a body as data),
///   the ``TransportRequest/timeout`` (a deadline on the whole exchange), the
///   ``TransportRequest/destination`` of the response body, and ``TransportRequest/progress``;
/// - returns a ``Response`` for any status code: validation is the provider's job. A client
///   that does not hand back an `HTTPURLResponse` returns
///   ``Response/init(statusCode:data:url:httpVersion:headerFields:fileURL:)``, which makes one
///   only if something reads it (on Linux, making one costs more than the rest of a request);
/// - counts the response body as it arrives (after content decoding) and, once it passes
///   ``TransportRequest/maximumBodySize``, stops reading, closes the connection and throws the
///   ``ResponseTooLarge`` of ``TransportRequest/checkBodySize(_:)``;
/// - throws on failure. `CancellationError` or `URLError(.cancelled)` become
///   ``QuiverError/cancelled(_:)``, `URLError(.timedOut)` ``QuiverError/timedOut(_:after:)``, a thrown
///   ``QuiverError`` is kept, anything else becomes ``QuiverError/transport(_:_:)``;
/// - ends promptly when its Swift `Task` is cancelled.
///
/// `TransportConformance` checks all of this against a local httpbin.
///
/// A minimal, correct transport on a plain `URLSession` (it passes `TransportConformance`;
/// its progress is coarse, one report each way once the exchange is over, and it checks the
/// body size limit only once the whole body is in memory, so it does not bound memory as a
/// transport that counts the bytes as they arrive does):
///
/// ```swift
/// struct PlainSessionTransport: HTTPTransport {
///     let session: URLSession
///
///     func send(_ request: TransportRequest) async throws -> Response {
///         var head = URLRequest(url: request.url)
///         head.httpMethod = request.method.rawValue
///         for (name, value) in request.headerFields {
///             head.setValue(value, forHTTPHeaderField: name)
///         }
///         let (data, response) = try await request.enforcingTimeout { [head, session] () async throws -> (Data, URLResponse) in
///             switch request.body {
///             case .none: return try await session.data(for: head)
///             case .data(let body): return try await session.upload(for: head, from: body)
///             case .file(let file): return try await session.upload(for: head, fromFile: file)
///             }
///         }
///         if let size = request.body.byteCount {
///             request.progress.uploaded(size, of: size)
///         }
///         request.progress.downloaded(Int64(data.count), of: Int64(data.count))
///         try request.checkBodySize(Int64(data.count))
///         guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
///         switch request.destination {
///         case .memory:
///             return Response(statusCode: http.statusCode, data: data, response: http)
///         case .file(let file):
///             try data.write(to: file)
///             return Response(statusCode: http.statusCode, data: Data(), response: http, fileURL: file)
///         }
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request` and waits for the whole response.
    ///
    /// - Parameter request: What to send: head, body, deadline, where the response body goes,
    ///   and who hears of progress.
    /// - Returns: The response, whatever its status code. For a request whose
    ///   ``TransportRequest/destination`` is a file, its ``Response/fileURL`` names that file.
    /// - Throws: Why no complete response could be had.
    func send(_ request: TransportRequest) async throws -> Response

    /// Sends `request` and returns as soon as the response head has arrived, with the body to
    /// come as a ``ResponseStream`` (``Provider/stream(for:)``).
    ///
    /// The default fails with ``StreamError/streamingNotSupported(transport:)``. A transport that streams:
    /// - returns once the head has arrived, for any status code, enforcing
    ///   ``TransportRequest/timeout`` until then (Quiver enforces it, and the idle limit between
    ///   chunks, over the body);
    /// - makes the body with ``ResponseStream/init(response:chunks:)`` from a sequence that reads
    ///   the network only as it is iterated and closes the connection when its iteration is
    ///   cancelled (Quiver cancels it when the consumer stops);
    /// - ignores ``TransportRequest/destination`` (always ``TransportRequest/Destination/memory``);
    /// - throws as ``send(_:)`` does when no head arrives.
    ///
    /// - Parameter request: What to send.
    /// - Returns: The head of the response and its body, still arriving.
    /// - Throws: Why no response head could be had.
    func stream(_ request: TransportRequest) async throws -> ResponseStream

    /// The `Cookie` header field the transport itself would add to a request for `url`, from
    /// cookies it keeps (``URLSessionTransport``'s ``CookieJar``); `nil` when it adds none.
    ///
    /// A provider's ``HTTPCache`` counts these cookies among the request's credentials, so
    /// that a response is never served to a request that would have carried other cookies.
    /// The default returns `nil`: a transport that adds cookies of its own must answer here.
    ///
    /// - Parameter url: The URL of the request.
    /// - Returns: The cookies as one `Cookie` field value, or `nil`.
    func cookieHeader(for url: URL) -> String?
}

extension HTTPTransport {
    /// Streaming is not supported unless a transport implements ``HTTPTransport/stream(_:)``:
    /// fails with ``StreamError/streamingNotSupported(transport:)`` before sending anything.
    ///
    /// - Parameter request: The request that was not sent.
    /// - Returns: Never.
    /// - Throws: ``StreamError/streamingNotSupported(transport:)``.
    public func stream(_ request: TransportRequest) async throws -> ResponseStream {
        throw StreamError.streamingNotSupported(transport: String(describing: Self.self))
    }

    /// The transport adds no cookies of its own.
    ///
    /// - Parameter url: The URL of the request.
    /// - Returns: `nil`.
    public func cookieHeader(for url: URL) -> String? {
        nil
    }
}
