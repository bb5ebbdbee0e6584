import Foundation

/// A target built from values rather than declared as a type: the one way to build a target on
/// the fly.
///
/// Use it in service factories that hand out targets for a base URL and shared headers. Its
/// ``task`` carries the query, the body and their encoding strategies;
/// ``decoding(_:atKeyPath:)`` and ``mapping(_:)`` type it as a ``MappedTarget``:
///
/// ```swift
/// struct UsersService {
///     let baseURL: URL
///     func user(id: Int) -> MappedTarget<APIResult<User>> {
///         GenericTarget(baseURL: baseURL, path: "users/\(id)").decoding(User.self)
///     }
///     func active(page: Int) -> GenericTarget {
///         GenericTarget(baseURL: baseURL, path: "users",
///                       task: .query(["page": .int(page), "active": true], encoder: FormEncoder(boolEncoding: .numeric)))
///     }
/// }
/// ```
public struct GenericTarget: TargetType {
    /// The base URL.
    public var baseURL: URL
    /// The path appended to the base URL.
    public var path: String
    /// The HTTP method.
    public var method: HTTPMethod
    /// What the request carries.
    public var task: HTTPTask
    /// Extra header fields.
    public var headers: [String: String]?
    /// The body a stubbed request answers with.
    public var sampleData: Data
    /// Which status codes count as success.
    public var validationType: ValidationType
    /// The longest the whole request may take, or `nil` for the transport's timeout.
    public var timeout: TimeInterval?

    /// Creates a target from its parts.
    ///
    /// - Parameters:
    ///   - baseURL: The base URL of the API.
    ///   - path: The path appended to `baseURL`. Defaults to `""`.
    ///   - method: The HTTP method. Defaults to `GET`.
    ///   - task: What the request carries. Defaults to ``HTTPTask/plain``.
    ///   - headers: Extra header fields. Defaults to `nil`.
    ///   - sampleData: The body a stubbed request answers with. Defaults to empty data.
    ///   - validationType: Which status codes succeed. Defaults to 2xx.
    ///   - timeout: The longest the request may take. Defaults to the transport's timeout.
    public init(
        baseURL: URL,
        path: String = "",
        method: HTTPMethod = .get,
        task: HTTPTask = .plain,
        headers: [String: String]? = nil,
        sampleData: Data = Data(),
        validationType: ValidationType = .successCodes,
        timeout: TimeInterval? = nil
    ) {
        self.baseURL = baseURL
        self.path = path
        self.method = method
        self.task = task
        self.headers = headers
        self.sampleData = sampleData
        self.validationType = validationType
        self.timeout = timeout
    }
}
