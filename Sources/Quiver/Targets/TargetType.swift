import Foundation

/// One endpoint of an API, described as a value.
///
/// Conform an enum (one case per endpoint), a struct per endpoint, or use ``GenericTarget``
/// for targets built at run time. A ``Provider`` turns a target into a request, runs it through
/// its plugins and transport, and validates the response with ``validationType``.
///
/// ```swift
/// enum GitHub: TargetType {
///     case user(String)
///     var baseURL: URL { URL(string: "https://api.github.com")! }
///     var path: String { switch self { case .user(let name): "users/\(name)" } }
///     var method: HTTPMethod { .get }
///     var task: HTTPTask { .plain }
/// }
/// ```
public protocol TargetType: Sendable {
    /// The base URL of the API, for example `https://api.example.com/v2`.
    ///
    /// A path prefix and a query on the base URL are kept.
    var baseURL: URL { get }

    /// The path appended to ``baseURL``, joined with exactly one `/`.
    ///
    /// Each segment is percent-encoded (spaces, `%`, `?`, `#`, Unicode); `/` separates segments.
    /// An empty path leaves ``baseURL`` as it is.
    var path: String { get }

    /// The HTTP method of the request.
    var method: HTTPMethod { get }

    /// What the request carries: nothing, a body, a query, or both.
    var task: HTTPTask { get }

    /// Header fields for this target; they win over the `Content-Type` a task would set.
    /// Defaults to `nil`.
    var headers: [String: String]? { get }

    /// The body a stubbed request answers with. Defaults to empty data.
    var sampleData: Data { get }

    /// Which status codes count as success. Defaults to ``ValidationType/successCodes`` (2xx).
    var validationType: ValidationType { get }

    /// The longest the whole request may take, in seconds, before it fails with
    /// ``QuiverError/timedOut(_:after:)``. Defaults to `nil`: the transport's own timeout applies.
    ///
    /// This is the starting value of the request's `timeoutInterval`. A plugin may change it in
    /// ``PluginType/prepare(_:target:)``, and the transport enforces the value the plugins leave
    /// as a deadline on the whole exchange (redirects included), to the millisecond on every
    /// platform. With neither a target timeout nor a plugin that changes `timeoutInterval`, the
    /// transport's default applies (``URLSessionTransport``: the configuration's
    /// `timeoutIntervalForResource`).
    var timeout: TimeInterval? { get }
}

extension TargetType {
    /// No extra headers.
    public var headers: [String: String]? { nil }

    /// An empty body.
    public var sampleData: Data { Data() }

    /// Only 2xx responses succeed.
    public var validationType: ValidationType { .successCodes }

    /// The transport's timeout.
    public var timeout: TimeInterval? { nil }
}
