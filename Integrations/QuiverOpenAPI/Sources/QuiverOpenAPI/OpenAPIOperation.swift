import Foundation
import Quiver

/// One call of a generated operation, as a Quiver target: what plugins, logs, stubs and fixtures
/// see of it.
///
/// ``QuiverClientTransport`` makes one for each request the generated client sends: the method,
/// the path and query as the client encoded them, its header fields and its body. The
/// ``operationID`` names it, in fixture files and in `NetworkLoggerPlugin`'s lines
/// (`[Quiver] Request: createPet POST https://…`). The transport's `configure` closure then
/// decides, per operation, what a hand-written target would declare: whether it carries the
/// access token, its sample data, which status codes the pipeline accepts, its timeout, its
/// fixture file, its name in logs.
///
/// ```swift
/// QuiverClientTransport(provider: provider) { operation in
///     switch operation.operationID {
///     case "createPet", "uploadPhoto": operation.authorizationType = .bearer
///     case "getPet": operation.sampleData = Data(#"{"id": 1, "name": "Rex"}"#.utf8)
///     default: break
///     }
/// }
/// ```
public struct OpenAPIOperation: TargetType, AccessTokenAuthorizable, FixtureNaming, NetworkLoggable {
    /// The operation's `operationId` in the OpenAPI document, such as `"getPet"`.
    public let operationID: String
    /// The server URL the client was made with, with the operation's query (as the client
    /// encoded it) at its end.
    public let baseURL: URL
    /// The operation's path as the client encoded it, such as `"/pets/42"`: its escapes are kept.
    public let path: String
    /// The HTTP method.
    public let method: HTTPMethod
    /// The body: ``HTTPTask/plain``, the bytes the client wrote (``HTTPTask/data(_:contentType:)``),
    /// or, past ``QuiverClientTransport``'s in-memory limit, the file they were written to
    /// (``HTTPTask/uploadFile(_:contentType:)``). Its `Content-Type` is in ``headers``.
    public let task: HTTPTask
    /// The header fields the client set (a name repeated is joined with `, `), and any this
    /// operation's configuration adds.
    public var headers: [String: String]?
    /// The body a stubbed request answers with. Defaults to empty data.
    public var sampleData = Data()
    /// Which status codes the pipeline accepts. Defaults to 2xx.
    ///
    /// A rejected status is a failure to the plugins (a logger reports it, ``RetryPolicy`` may
    /// send the request again, an `AuthenticationPlugin` refreshes on `401`), and the generated
    /// client is then handed the last response as it is, to decode its documented error body.
    public var validationType = ValidationType.successCodes
    /// The longest the whole request may take, or `nil` (the default) for the transport's own.
    public var timeout: TimeInterval?
    /// How an `AccessTokenPlugin` presents its token, or `nil` (the default) for no token.
    public var authorizationType: AuthorizationType?
    /// The fixture file a `RecordingPlugin` writes and a replay reads. Defaults to
    /// `"<operationID>.json"`.
    public var fixtureName: String
    /// The name `NetworkLoggerPlugin`'s `Request`, `Response` and `Error` lines give the
    /// operation, or `nil` for none. Defaults to ``operationID``.
    public var networkLogName: String?
    /// Whether the response body is handed to the client as it arrives (through
    /// `Provider.stream(for:)`) rather than read whole first.
    ///
    /// Defaults to `true` when the request's `Accept` names a media type that streams:
    /// `text/event-stream`, `application/jsonl`, `application/x-ndjson`, `application/json-seq`
    /// or `application/octet-stream`.
    public var streamsResponse: Bool

    /// Creates an operation; ``QuiverClientTransport`` makes them from the client's requests.
    ///
    /// - Parameters:
    ///   - operationID: The operation's `operationId`.
    ///   - baseURL: The server URL, with the query at its end.
    ///   - path: The path, escapes kept.
    ///   - method: The HTTP method.
    ///   - task: The body.
    ///   - headers: The header fields.
    public init(operationID: String, baseURL: URL, path: String, method: HTTPMethod, task: HTTPTask = .plain,
                headers: [String: String]? = nil) {
        self.operationID = operationID
        self.baseURL = baseURL
        self.path = path
        self.method = method
        self.task = task
        self.headers = headers
        fixtureName = operationID + ".json"
        networkLogName = operationID
        streamsResponse = Self.acceptsStream(headers?.first { $0.key.lowercased() == "accept" }?.value)
    }

    /// Whether an `Accept` value names a media type whose body is read as it arrives.
    static func acceptsStream(_ accept: String?) -> Bool {
        guard let accept else { return false }
        return accept.split(separator: ",").contains { range in
            let type = range.split(separator: ";", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces).lowercased()
            return type.map(streamedMediaTypes.contains) ?? false
        }
    }

    /// The media types whose bodies are streamed by default.
    private static let streamedMediaTypes: Set<String> = [
        "text/event-stream", "application/jsonl", "application/x-ndjson", "application/json-seq",
        "application/octet-stream",
    ]
}
