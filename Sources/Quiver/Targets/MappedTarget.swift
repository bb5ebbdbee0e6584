import Foundation

/// A ``GenericTarget`` that knows its own typed outcome: the one way to type a target built on
/// the fly, made by ``GenericTarget/decoding(_:atKeyPath:)`` or ``GenericTarget/mapping(_:)``.
///
/// A service factory hands such targets out, and `Provider<MultiTarget>.request(_:)` returns
/// their output, typed at compile time:
///
/// ```swift
/// struct UsersService {
///     let baseURL: URL
///
///     func user(id: Int) -> MappedTarget<APIResult<User>> {
///         GenericTarget(baseURL: baseURL, path: "users/\(id)").decoding(User.self)
///     }
/// }
///
/// let films = GenericTarget(baseURL: swapi, path: "films/").mapping { result -> FilmsOutcome in
///     switch result {
///     case .success(let response): (try? response.decode([Film].self)).map(FilmsOutcome.films) ?? .mappingFailed
///     case .failure(let error): .error(error)
///     }
/// }
/// let outcome = await provider.request(films)   // FilmsOutcome
/// ```
public struct MappedTarget<Output: Sendable>: TargetType, TargetMapping {
    /// The target's values.
    public var target: GenericTarget
    /// Turns the outcome of a request into `Output`.
    let transform: @Sendable (Result<Response, QuiverError>) -> Output

    /// Creates a mapped target.
    ///
    /// - Parameters:
    ///   - target: The target's values.
    ///   - transform: Turns every outcome (success, rejected status, network failure, a plugin's
    ///     refusal, cancellation) into `Output`.
    public init(_ target: GenericTarget, mapping transform: @escaping @Sendable (Result<Response, QuiverError>) -> Output) {
        self.target = target
        self.transform = transform
    }

    /// Runs the transform the target was made with.
    ///
    /// - Parameter result: The outcome of the request.
    /// - Returns: What the transform makes of it.
    public func map(_ result: Result<Response, QuiverError>) -> Output {
        transform(result)
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
    /// This target with a closure that turns its outcome into `Output` (T21HTTPRequester's
    /// `HTTPGenericService<T>(url, path, method, params, mapping)`).
    ///
    /// - Parameter transform: Turns every outcome into `Output`.
    /// - Returns: A ``MappedTarget``.
    public func mapping<Output: Sendable>(_ transform: @escaping @Sendable (Result<Response, QuiverError>) -> Output) -> MappedTarget<Output> {
        MappedTarget(self, mapping: transform)
    }

    /// This target, typed: its body decodes into `type`, with the provider's decoder, and its
    /// outcome is sorted into ``APIResult`` as a ``DecodableMapping`` target's is (`401` is
    /// ``APIResult/unauthorized(_:)``, a body that does not decode ``APIResult/mappingFailed(_:_:)``).
    ///
    /// - Parameters:
    ///   - type: The type the body decodes into.
    ///   - keyPath: A dotted path to the value inside the body, or `nil` for the whole body.
    /// - Returns: A ``MappedTarget`` whose output is an ``APIResult``.
    public func decoding<Success: Decodable & Sendable>(_ type: Success.Type,
                                                        atKeyPath keyPath: String? = nil) -> MappedTarget<APIResult<Success>> {
        mapping { APIResult(decoding: $0, atKeyPath: keyPath) }
    }
}
