import Foundation

/// A ``GenericTarget`` that knows what its body decodes into, so that a service factory can hand
/// out typed targets and `Provider<MultiTarget>.request(_:)` returns their ``APIResult``.
///
/// ```swift
/// struct UsersService {
///     let baseURL: URL
///     let headers: [String: String]
///
///     func user(id: Int) -> TypedTarget<User> {
///         GenericTarget(baseURL: baseURL, path: "users/\(id)", headers: headers).decoding(User.self)
///     }
/// }
///
/// let outcome = await provider.request(service.user(id: 1))   // APIResult<User>
/// ```
public struct TypedTarget<Success: Decodable & Sendable>: TargetType, DecodableMapping {
    /// The target's values.
    public var target: GenericTarget
    /// A dotted path to the value inside the body, or `nil` for the whole body.
    public var keyPath: String?

    /// Creates a typed target.
    ///
    /// - Parameters:
    ///   - target: The target's values.
    ///   - type: The type the body decodes into.
    ///   - keyPath: A dotted path to the value inside the body, or `nil` for the whole body.
    public init(_ target: GenericTarget, decoding type: Success.Type = Success.self, atKeyPath keyPath: String? = nil) {
        self.target = target
        self.keyPath = keyPath
    }

    /// The base URL.
    public var baseURL: URL { target.baseURL }
    /// The path.
    public var path: String { target.path }
    /// The method.
    public var method: HTTPMethod { target.method }
    /// The task.
    public var task: HTTPTask { target.task }
    /// The headers.
    public var headers: [String: String]? { target.headers }
    /// The sample data.
    public var sampleData: Data { target.sampleData }
    /// The validation.
    public var validationType: ValidationType { target.validationType }
    /// The timeout.
    public var timeout: TimeInterval? { target.timeout }
}

extension GenericTarget {
    /// This target, typed: its body decodes into `type`.
    ///
    /// - Parameters:
    ///   - type: The type the body decodes into.
    ///   - keyPath: A dotted path to the value inside the body, or `nil` for the whole body.
    /// - Returns: A ``TypedTarget``.
    public func decoding<Success: Decodable & Sendable>(_ type: Success.Type, atKeyPath keyPath: String? = nil) -> TypedTarget<Success> {
        TypedTarget(self, decoding: type, atKeyPath: keyPath)
    }
}
