import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a server (or a stub) answered: status code, body, and the request that was sent.
public struct Response: Sendable {
    /// The HTTP status code.
    public let statusCode: Int
    /// The response body.
    public let data: Data
    /// The request as it was sent, after plugins prepared it.
    public internal(set) var request: URLRequest?
    /// The HTTP response, with its headers.
    ///
    /// A response made with ``init(statusCode:data:url:httpVersion:headerFields:fileURL:)``
    /// makes it on first use.
    public var response: HTTPURLResponse? { head?.response }
    /// The head behind ``response``.
    let head: ResponseHead?
    /// The URL the response came from (the last of any redirects): ``response``'s, read
    /// without making it.
    var responseURL: URL? { head?.url }
    /// Where the body was saved, for downloads; `data` is then empty.
    public var fileURL: URL? { rare?.fileURL }
    /// The error body the target declared with ``ErrorBodyDecoding``, decoded, when validation
    /// rejected the status.
    public internal(set) var errorBody: (any Sendable)?
    // errorBody stays inline, though as rare as the parts in `rare`: moved there too, it would
    // leave `Response` and `QuiverError` without an existential, loadable, and Swift 6.3.1 then
    // crashes (SIL ownership verifier) compiling some users' `catch .statusCode(let response)` in
    // an untyped `async throws` function, QuiverOpenAPI's `QuiverClientTransport.send` among them.
    /// The message the target gives for the rejected status (``ErrorBodyDecoding``,
    /// ``ErrorMessageProviding``), or the description of its error body.
    public var errorMessage: String? { rare?.errorMessage }
    /// The parts most responses leave unset, behind one reference; `nil` when all are.
    private var rare: ResponseRareParts?
    /// Whether a stub answered (``StubBehavior``, `StubScript`, replayed fixtures) rather
    /// than a server: the stub transport marks its responses. Error messages say so.
    public internal(set) var isStubbed = false
    /// How this response was produced: from the network (or a stub), or from the provider's
    /// ``HTTPCache``, and then how fresh it was.
    public var source: Source { rare?.source ?? .network }
    /// Whether this is the head of a streamed response, its body still to be read: what
    /// ``PluginType/process(_:target:)`` gets from ``Provider/stream(for:)``.
    package internal(set) var isStreamHead = false

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - statusCode: The HTTP status code.
    ///   - data: The body.
    ///   - request: The request that was sent.
    ///   - response: The HTTP response.
    ///   - fileURL: Where the body was saved, for downloads.
    public init(statusCode: Int, data: Data, request: URLRequest? = nil, response: HTTPURLResponse? = nil,
                fileURL: URL? = nil) {
        self.statusCode = statusCode
        self.data = data
        self.request = request
        head = response.map(ResponseHead.received)
        rare = fileURL.map { ResponseRareParts(fileURL: $0) }
    }

    /// Creates a response from the parts of its head, for a transport that does not receive
    /// an `HTTPURLResponse`: ``response`` is made from them only when something reads it, and
    /// ``value(forHTTPHeaderField:)`` reads the parts directly.
    ///
    /// - Parameters:
    ///   - statusCode: The HTTP status code.
    ///   - data: The body.
    ///   - url: The URL the response came from (the last of any redirects).
    ///   - httpVersion: The HTTP version, as in `HTTP/1.1`.
    ///   - headerFields: The header fields.
    ///   - fileURL: Where the body was saved, for downloads.
    public init(statusCode: Int, data: Data, url: URL, httpVersion: String = "HTTP/1.1",
                headerFields: [String: String], fileURL: URL? = nil) {
        self.init(statusCode: statusCode, data: data, url: url, httpVersion: httpVersion,
                  headers: headerFields.lazy.map { (name: $0.key, value: $0.value) }, fileURL: fileURL)
    }

    /// Creates a response from the parts of its head as a list of fields, in the order they
    /// came (as SwiftNIO's `HTTPHeaders` holds them); a name sent more than once has its values
    /// joined with `, ` when read.
    ///
    /// - Parameters:
    ///   - statusCode: The HTTP status code.
    ///   - data: The body.
    ///   - url: The URL the response came from (the last of any redirects).
    ///   - httpVersion: The HTTP version, as in `HTTP/1.1`.
    ///   - headers: The header fields, one name and value at a time.
    ///   - fileURL: Where the body was saved, for downloads.
    public init(statusCode: Int, data: Data, url: URL, httpVersion: String = "HTTP/1.1",
                headers: some Sequence<(name: String, value: String)> & Sendable, fileURL: URL? = nil) {
        self.statusCode = statusCode
        self.data = data
        head = .parts(DeferredResponseHead(url: url, statusCode: statusCode, httpVersion: httpVersion, headers: headers))
        rare = fileURL.map { ResponseRareParts(fileURL: $0) }
    }

    /// The value of a response header, its name matched case-insensitively.
    ///
    /// - Parameter name: The header name, for example `"Content-Type"`.
    /// - Returns: The value, or `nil` when the response has no such header.
    public func value(forHTTPHeaderField name: String) -> String? {
        head?.value(forHTTPHeaderField: name)
    }

    /// The header fields as the server sent them, in order, a name sent more than once kept
    /// as separate fields (`Set-Cookie` lines, `Link`, `WWW-Authenticate`): what a cache or a
    /// gateway that forwards the response must replay.
    ///
    /// A transport that hands Quiver the fields one by one (`AsyncHTTPClientTransport`, a stub,
    /// ``init(statusCode:data:url:httpVersion:headers:fileURL:)``) keeps them as they came.
    /// `URLSession` joins repeated fields with `, ` and forgets their order before Quiver sees
    /// them: a response made from an `HTTPURLResponse` lists one field per name, sorted by name.
    public var headerFields: [HTTPHeaderField] {
        head?.fields ?? []
    }

    /// The header fields by name, a name sent more than once joined with `, `, as an
    /// `HTTPURLResponse` holds them, read without making one: what logs, descriptions and
    /// recorded fixtures show of a response.
    package var headerFieldsByName: [String: String] {
        head?.fieldsByName ?? [:]
    }

    /// Sets ``errorMessage``, in parts of this response's own.
    mutating func set(errorMessage: String?) {
        rare = ResponseRareParts(fileURL: fileURL, errorMessage: errorMessage, source: source)
    }

    /// Sets ``source``, in parts of this response's own.
    mutating func set(source: Source) {
        rare = ResponseRareParts(fileURL: fileURL, errorMessage: errorMessage, source: source)
    }

    /// `METHOD URL` of the request, for messages.
    var requestSummary: String {
        guard let request else { return "(no request)" }
        return "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "(no URL)")"
    }
}

extension Response: Equatable {
    /// Two responses are equal when status code, body, request and response headers agree.
    public static func == (lhs: Response, rhs: Response) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.data == rhs.data && lhs.request == rhs.request && lhs.fileURL == rhs.fileURL
            && lhs.response?.url == rhs.response?.url
            && (lhs.response?.allHeaderFields as? [String: String]) == (rhs.response?.allHeaderFields as? [String: String])
    }
}

extension Response {
    /// This response, if its status code is in `statusCodes`.
    ///
    /// - Parameter statusCodes: The accepted status codes.
    /// - Returns: `self`.
    /// - Throws: ``QuiverError/statusCode(_:)`` otherwise.
    public func filter<R: RangeExpression<Int>>(statusCodes: R) throws(QuiverError) -> Response {
        guard statusCodes.contains(statusCode) else { throw .statusCode(self) }
        return self
    }

    /// This response, if its status code is exactly `statusCode`.
    ///
    /// - Parameter statusCode: The accepted status code.
    /// - Returns: `self`.
    /// - Throws: ``QuiverError/statusCode(_:)`` otherwise.
    public func filter(statusCode: Int) throws(QuiverError) -> Response {
        try filter(statusCodes: statusCode...statusCode)
    }

    /// This response, if its status code is 2xx.
    ///
    /// - Returns: `self`.
    /// - Throws: ``QuiverError/statusCode(_:)`` otherwise.
    public func filterSuccessfulStatusCodes() throws(QuiverError) -> Response {
        try filter(statusCodes: 200...299)
    }

    /// This response, if its status code is 2xx or 3xx.
    ///
    /// - Returns: `self`.
    /// - Throws: ``QuiverError/statusCode(_:)`` otherwise.
    public func filterSuccessfulStatusAndRedirectCodes() throws(QuiverError) -> Response {
        try filter(statusCodes: 200...399)
    }
}
