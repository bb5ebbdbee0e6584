import Foundation
import HTTPTypes
import OpenAPIRuntime
import Quiver

/// The transport of a client that swift-openapi-generator wrote, sending each operation through
/// a Quiver ``Provider``: its plugins, retry, credential refresh, validation, stubs and whichever
/// Quiver transport it uses.
///
/// Change one line where the client is made:
///
/// ```swift
/// let provider = Provider<OpenAPIOperation>(plugins: [AccessTokenPlugin { token }, NetworkLoggerPlugin()],
///                                            retryPolicy: .default)
/// let client = Client(serverURL: serverURL, transport: QuiverClientTransport(provider: provider) { operation in
///     if operation.operationID == "createPet" { operation.authorizationType = .bearer }
/// })
/// ```
///
/// Each request becomes an ``OpenAPIOperation`` named by its `operationId`, which the `configure`
/// closure may adjust per operation (token, sample data, validation, timeout, fixture name)
/// without touching the generated code.
///
/// - **Bodies.** A request body is read from the client as it streams: kept in memory up to
///   `requestBodyMemoryLimit`, written to a temporary file past it (Quiver sends a file body
///   from disk), so memory stays bounded. A response body whose operation
///   ``OpenAPIOperation/streamsResponse`` (Server-Sent Events, JSON Lines, octet streams) is
///   handed to the client as it arrives, read from the network only as fast as the client reads
///   it; any other is read whole, within the provider's `BodySizeLimits`.
/// - **Status codes.** A status the operation's ``OpenAPIOperation/validationType`` rejects is a
///   failure inside the pipeline (plugins hear it, retry and refresh act on it); the client is
///   then handed the last response as it is, to decode its documented error body.
/// - **Errors.** Any other failure is thrown as the provider's ``QuiverError``; the generated
///   client wraps it in a `ClientError` that names the operation. Match it with
///   `(error as? ClientError)?.underlyingError as? QuiverError`.
public struct QuiverClientTransport: ClientTransport {
    /// The provider every operation runs through.
    public let provider: Provider<OpenAPIOperation>
    /// The most bytes of a request body kept in memory; a larger one is written to a temporary
    /// file that is deleted when the request ends.
    public let requestBodyMemoryLimit: Int
    /// Adjusts each operation before it is sent.
    private let configure: @Sendable (inout OpenAPIOperation) -> Void

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - provider: The provider every operation runs through. Defaults to a provider with a
    ///     `URLSessionTransport` and no plugins.
    ///   - requestBodyMemoryLimit: The most bytes of a request body kept in memory. Defaults to
    ///     1 MiB.
    ///   - configure: Adjusts each ``OpenAPIOperation`` before it is sent, by its
    ///     ``OpenAPIOperation/operationID``. Defaults to leaving it as the client made it.
    public init(provider: Provider<OpenAPIOperation> = Provider(), requestBodyMemoryLimit: Int = 1 << 20,
                configure: @escaping @Sendable (inout OpenAPIOperation) -> Void = { _ in }) {
        self.provider = provider
        self.requestBodyMemoryLimit = requestBodyMemoryLimit
        self.configure = configure
    }

    /// Sends one operation through the provider.
    ///
    /// - Parameters:
    ///   - request: The request the client made: method, path and query, header fields.
    ///   - body: Its body, or `nil`.
    ///   - baseURL: The server URL.
    ///   - operationID: The operation's `operationId`.
    /// - Returns: The response head and its body (streamed when the operation
    ///   ``OpenAPIOperation/streamsResponse``).
    /// - Throws: The ``QuiverError`` that ended the request.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
                     operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        let pathAndQuery = request.path ?? "/"
        let (path, query) = Self.split(pathAndQuery)
        let url = try Self.url(baseURL, query: query, operationID: operationID)
        let spooled = try await SpooledBody.read(body, memoryLimit: requestBodyMemoryLimit,
                                                 request: "\(request.method.rawValue) \(baseURL.absoluteString)\(path) (\(operationID))")
        defer { spooled.remove() }
        var operation = OpenAPIOperation(operationID: operationID, baseURL: url, path: path,
                                         method: HTTPMethod(rawValue: request.method.rawValue), task: spooled.task,
                                         headers: Self.headers(request.headerFields))
        configure(&operation)
        if operation.streamsResponse {
            return try await stream(operation)
        }
        do {
            return Self.answer(try await provider.response(for: operation))
        } catch .statusCode(let rejected) {
            return Self.answer(rejected)
        }
    }

    /// A whole response as the client takes it: its head, and its body unless it is empty.
    private static func answer(_ response: Response) -> (HTTPResponse, HTTPBody?) {
        (HTTPResponse(response), response.data.isEmpty ? nil : HTTPBody(response.data))
    }

    /// The operation's response with its body streamed as it arrives.
    private func stream(_ operation: OpenAPIOperation) async throws(QuiverError) -> (HTTPResponse, HTTPBody?) {
        do {
            let stream = try await provider.stream(for: operation)
            return (HTTPResponse(stream.response), HTTPBody(stream, length: .unknown, iterationBehavior: .single))
        } catch .statusCode(let rejected) {
            return Self.answer(rejected)
        }
    }

    /// The path and the query (without its `?`) of a request's `path`.
    static func split(_ pathAndQuery: String) -> (path: String, query: Substring?) {
        guard let mark = pathAndQuery.firstIndex(of: "?") else { return (pathAndQuery, nil) }
        return (String(pathAndQuery[..<mark]), pathAndQuery[pathAndQuery.index(after: mark)...])
    }

    /// The server URL with `query` joined to its own.
    static func url(_ baseURL: URL, query: Substring?, operationID: String) throws(QuiverError) -> URL {
        guard let query, !query.isEmpty else { return baseURL }
        let base = baseURL.absoluteString
        guard let url = URL(string: base + (baseURL.query == nil ? "?" : "&") + query) else {
            throw .invalidRequest("\(operationID): the query \"\(query)\" the client encoded makes no URL with \(base)")
        }
        return url
    }

    /// The client's header fields, a name repeated joined with `, ` (`; ` for `Cookie`) under
    /// its first spelling.
    static func headers(_ fields: HTTPFields) -> [String: String]? {
        guard !fields.isEmpty else { return nil }
        var headers: [String: String] = [:]
        var spelling: [String: String] = [:]
        for field in fields {
            let name = field.name.canonicalName
            if let first = spelling[name] {
                headers[first, default: ""] += (name == "cookie" ? "; " : ", ") + field.value
            } else {
                spelling[name] = field.name.rawName
                headers[field.name.rawName] = field.value
            }
        }
        return headers
    }
}

extension HTTPResponse {
    /// The head of a Quiver response: its status and its header fields.
    init(_ response: Response) {
        var fields = HTTPFields()
        for case let (name as String, value as String) in response.response?.allHeaderFields ?? [:] {
            if let name = HTTPField.Name(name) {
                fields.append(HTTPField(name: name, value: value))
            }
        }
        self.init(status: .init(code: response.statusCode), headerFields: fields)
    }
}
