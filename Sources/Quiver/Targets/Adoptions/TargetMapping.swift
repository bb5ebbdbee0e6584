/// Pairs a target with its own typed outcome, so that a caller cannot forget a path.
///
/// A ``Provider`` whose target adopts `TargetMapping` gains
/// ``Provider/request(_:)->Target.Output``, which hands every outcome to ``map(_:)``: success,
/// validation failure, decoding trouble, network errors, plugin refusals and cancellation alike.
///
/// ```swift
/// enum UserOutcome: Sendable {
///     case found(User)
///     case notFound
///     case failed(QuiverError)
/// }
///
/// extension UsersAPI: TargetMapping {
///     func map(_ result: Result<Response, QuiverError>) -> UserOutcome {
///         switch result {
///         case .success(let response):
///             (try? response.decode(User.self)).map(UserOutcome.found) ?? .failed(.decoding(...))
///         case .failure(.statusCode(let response)) where response.statusCode == 404: .notFound
///         case .failure(let error): .failed(error)
///         }
///     }
/// }
/// ```
///
/// ``DecodableMapping`` writes `map` for targets whose success is one `Decodable` type.
public protocol TargetMapping {
    /// The typed outcome of a request for this target.
    associatedtype Output: Sendable

    /// Turns the outcome of a request into the target's own result.
    ///
    /// Inside `map`, ``Response/decode(_:atKeyPath:using:)`` without a decoder uses the
    /// provider's (or the target's ``DecoderProviding/decoder``).
    ///
    /// - Parameter result: The response, or why the request failed.
    /// - Returns: The typed outcome.
    func map(_ result: Result<Response, QuiverError>) -> Output
}
