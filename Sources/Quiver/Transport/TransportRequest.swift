import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request handed to an ``HTTPTransport``: everything it is made of, in a shape that cannot be
/// half-read.
///
/// The head is ``method``, ``url`` and ``headerFields``; the body is one ``Body`` value to
/// switch over (there is no `URLRequest` here whose `httpBody` could silently lack a file
/// body); ``timeout`` is the deadline on the whole exchange; ``destination`` says where the
/// response body goes, and ``maximumBodySize`` how large it may grow there; ``progress`` hears
/// of bytes moving. A transport uses all of them.
///
/// **Timeouts.** ``timeout`` is the request's `timeoutInterval` as the target's
/// ``TargetType/timeout`` started it and the plugins left it in
/// ``PluginType/prepare(_:target:)``; `nil` when neither set one, and the transport's own
/// default applies.
public struct TransportRequest: Sendable {
    /// The body of a request: switch over it, every case is a body to send.
    public enum Body: Sendable, Hashable {
        /// No body.
        case none
        /// These bytes.
        case data(Data)
        /// The contents of this file, to be streamed from disk rather than read into memory
        /// (uploads and multipart forms). The file stays until the transport returns.
        case file(URL)

        /// How many bytes the body holds; `nil` when a file's size cannot be read.
        public var byteCount: Int64? {
            switch self {
            case .none:
                return 0
            case .data(let data):
                return Int64(data.count)
            case .file(let url):
                let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber
                return size?.int64Value
            }
        }
    }

    /// Where the response body goes.
    public enum Destination: Sendable, Hashable {
        /// Into ``Response/data``.
        case memory
        /// Into this file, created or overwritten by the transport, whose ``Response`` names it
        /// in ``Response/fileURL`` and leaves ``Response/data`` empty. Quiver moves or removes
        /// the file afterwards; a transport that fails removes what it wrote.
        case file(URL)
    }

    /// The URL, query included.
    public let url: URL
    /// The body.
    public let body: Body
    /// The deadline on the whole exchange, in seconds: the request's `timeoutInterval` as the
    /// target's ``TargetType/timeout`` started it and the plugins left it. `nil` when neither set
    /// one: the transport's own default applies. A transport enforces it exactly (it does not
    /// round it to whole seconds) and fails with `URLError(.timedOut)` when it passes; see
    /// ``enforcingTimeout(_:)``.
    public let timeout: TimeInterval?
    /// Where the response body goes.
    public let destination: Destination
    /// Hears of the body going out and the response body coming in.
    public let progress: TransportProgress
    /// The most bytes of response body the transport may accept for ``destination``, counted
    /// after content decoding (a `gzip` body is counted as it inflates); `nil` for no limit.
    ///
    /// A transport counts the body as it arrives and, as soon as the count passes the limit,
    /// stops reading, closes the connection, removes what it wrote and throws the error of
    /// ``checkBodySize(_:)``. For a stream (``HTTPTransport/stream(_:)``) it bounds the bytes
    /// waiting unread; Quiver enforces that itself. The provider sets it from
    /// ``BodySizeLimits``.
    public let maximumBodySize: Int64?

    /// The request `URLSession` is given: method, URL and headers, and the body when it is
    /// ``Body/data(_:)``. Not public on purpose: a file body is not in it. (QuiverTesting's
    /// stub network keeps it, and not the whole request, of each request it records.)
    package let head: URLRequest

    /// Creates a transport request (for tests of a transport, or a transport that forwards to
    /// another).
    ///
    /// - Parameters:
    ///   - method: The HTTP method. Defaults to `GET`.
    ///   - url: The URL, query included.
    ///   - headerFields: The header fields. Defaults to none.
    ///   - body: The body. Defaults to ``Body/none``.
    ///   - timeout: The deadline on the whole exchange, or `nil` for the transport's own.
    ///   - destination: Where the response body goes. Defaults to ``Destination/memory``.
    ///   - progress: Hears of progress. Defaults to ``TransportProgress/ignored``.
    ///   - maximumBodySize: The most bytes of response body to accept, or `nil` (the default)
    ///     for no limit.
    public init(method: HTTPMethod = .get, url: URL, headerFields: [String: String] = [:], body: Body = .none,
                timeout: TimeInterval? = nil, destination: Destination = .memory,
                progress: TransportProgress = .ignored, maximumBodySize: Int64? = nil) {
        var head = URLRequest(url: url)
        if method != .get {
            head.httpMethod = method.rawValue
        }
        head.setHeaderFields(headerFields)
        if case .data(let data) = body {
            head.httpBody = data
        }
        self.init(head: head, url: url, body: body, timeout: timeout, destination: destination, progress: progress,
                  maximumBodySize: maximumBodySize)
    }

    /// A request around `head`, which holds the body when it is ``Body/data(_:)``.
    init(head: URLRequest, url: URL, body: Body, timeout: TimeInterval?, destination: Destination,
         progress: TransportProgress, maximumBodySize: Int64?) {
        self.head = head
        self.url = url
        self.body = body
        self.timeout = timeout
        self.destination = destination
        self.progress = progress
        self.maximumBodySize = maximumBodySize
    }

    /// Checks that `byteCount` bytes of response body fit ``maximumBodySize``: a transport calls
    /// it with the count so far as each piece of the body arrives.
    ///
    /// - Parameter byteCount: How many bytes of the body (after content decoding) have arrived.
    /// - Throws: ``ResponseTooLarge``, naming the limit and this request, when `byteCount` is
    ///   over the limit: stop reading and close the connection.
    public func checkBodySize(_ byteCount: Int64) throws(ResponseTooLarge) {
        if let maximumBodySize, byteCount > maximumBodySize {
            throw bodyTooLarge
        }
    }

    /// The error for a body over ``maximumBodySize``.
    var bodyTooLarge: ResponseTooLarge {
        var isDownload = false
        if case .file = destination { isDownload = true }
        return ResponseTooLarge(limit: maximumBodySize ?? 0, isDownload: isDownload, method: method, url: url)
    }

    /// The HTTP method.
    public var method: HTTPMethod {
        // Read from the head when asked for: most transports never need it as a value.
        HTTPMethod(rawValue: head.httpMethod ?? "GET")
    }

    /// The header fields, as the plugins left them.
    public var headerFields: [String: String] {
        head.allHTTPHeaderFields ?? [:]
    }

    /// The value of header field `name`, matched case-insensitively.
    ///
    /// - Parameter name: The field's name.
    /// - Returns: Its value, or `nil`.
    public func value(forHTTPHeaderField name: String) -> String? {
        head.value(forHTTPHeaderField: name)
    }

    /// Runs `work` under ``timeout``: the result of `work` if it finishes in time, otherwise
    /// `URLError(.timedOut)` as soon as the deadline passes, with `work` cancelled.
    ///
    /// A help for transports over clients whose own timeouts are idle limits or whole seconds.
    /// Without a ``timeout`` it just runs `work`.
    ///
    /// - Parameter work: The exchange; it should end promptly when cancelled.
    /// - Returns: What `work` returned.
    /// - Throws: `URLError(.timedOut)` when the deadline passes first, otherwise what `work` threw.
    public func enforcingTimeout<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let timeout = WaitTime.limit(timeout) else {
            return try await work()
        }
        return try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await WaitTime.sleep(seconds: timeout)
                throw URLError(.timedOut)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw URLError(.timedOut) }
            return first
        }
    }
}
