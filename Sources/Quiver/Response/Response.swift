import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a server (or a stub) answered: status code, body, and the request that was sent.
public struct Response: Sendable {
    /// The HTTP status code.
    public var statusCode: Int { storage.statusCode }
    /// The response body.
    public var data: Data { storage.data }
    /// The request as it was sent, after plugins prepared it.
    public internal(set) var request: URLRequest? {
        get { storage.request }
        set { uniqueStorage().request = newValue }
    }
    /// The HTTP response, with its headers.
    ///
    /// A response made with ``init(statusCode:data:url:httpVersion:headerFields:fileURL:)``
    /// makes it on first use.
    public var response: HTTPURLResponse? { head?.response }
    /// The head behind ``response``.
    var head: ResponseHead? { storage.head }
    /// Where the body was saved, for downloads; `data` is then empty.
    public var fileURL: URL? { storage.fileURL }
    /// The error body the target declared with ``ErrorBodyDecoding``, decoded, when validation
    /// rejected the status.
    public internal(set) var errorBody: (any Sendable)? {
        get { storage.errorBody }
        set { uniqueStorage().errorBody = newValue }
    }
    /// The message the target gives for the rejected status (``ErrorBodyDecoding``,
    /// ``ErrorMessageProviding``), or the description of its error body.
    public internal(set) var errorMessage: String? {
        get { storage.errorMessage }
        set { uniqueStorage().errorMessage = newValue }
    }
    /// Whether a stub answered (``StubBehavior``, ``StubScript``, replayed fixtures) rather
    /// than a server: the stub transport marks its responses. Error messages say so.
    public internal(set) var isStubbed: Bool {
        get { storage.isStubbed }
        set { uniqueStorage().isStubbed = newValue }
    }

    /// Everything the response holds.
    private var storage: Storage

    /// A response's fields, in one object: a response is copied many times on its way (through
    /// the provider's steps, each plugin, each `Result` holding it), and a copy is then one
    /// reference counted, not one per field.
    ///
    /// `@unchecked Sendable`: every field is `Sendable`, and the mutable ones are written only
    /// through ``Response/uniqueStorage()``, on an object no other `Response` refers to (it
    /// is copied first otherwise), so no thread can read an object while another writes it.
    private final class Storage: @unchecked Sendable {
        let statusCode: Int
        let data: Data
        var request: URLRequest?
        let head: ResponseHead?
        let fileURL: URL?
        var errorBody: (any Sendable)?
        var errorMessage: String?
        var isStubbed = false

        init(statusCode: Int, data: Data, request: URLRequest?, head: ResponseHead?, fileURL: URL?) {
            self.statusCode = statusCode
            self.data = data
            self.request = request
            self.head = head
            self.fileURL = fileURL
        }

        /// A copy, for a response about to change one that another response shares.
        func copy() -> Storage {
            let copy = Storage(statusCode: statusCode, data: data, request: request, head: head, fileURL: fileURL)
            copy.errorBody = errorBody
            copy.errorMessage = errorMessage
            copy.isStubbed = isStubbed
            return copy
        }
    }

    /// The storage, copied first when another response shares it, ready to be written.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
        }
        return storage
    }

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
        storage = Storage(statusCode: statusCode, data: data, request: request,
                          head: response.map(ResponseHead.received), fileURL: fileURL)
    }

    /// Creates a response from the parts of its head, for a transport that does not receive
    /// an `HTTPURLResponse`: ``response`` is made from them only when something reads it.
    ///
    /// On Linux, making an `HTTPURLResponse` costs more than the rest of a provider's work on
    /// a response, and most callers read only the status and the body;
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
    /// joined with `, ` when read. Nothing is copied or hashed until a header is read.
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
        storage = Storage(statusCode: statusCode, data: data, request: nil,
                          head: .parts(DeferredResponseHead(url: url, statusCode: statusCode, httpVersion: httpVersion,
                                                            headers: headers)),
                          fileURL: fileURL)
    }

    /// The value of a response header, its name matched case-insensitively.
    ///
    /// - Parameter name: The header name, for example `"Content-Type"`.
    /// - Returns: The value, or `nil` when the response has no such header.
    public func value(forHTTPHeaderField name: String) -> String? {
        head?.value(forHTTPHeaderField: name)
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
