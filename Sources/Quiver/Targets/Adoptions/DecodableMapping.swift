import Foundation

/// A ``TargetMapping`` whose success is one `Decodable` type, with `map` written for you.
///
/// ```swift
/// struct GetUser: TargetType, DecodableMapping {
///     typealias Success = User
///     let id: Int
///     var baseURL: URL { URL(string: "https://api.example.com")! }
///     var path: String { "users/\(id)" }
///     var method: HTTPMethod { .get }
///     var task: HTTPTask { .plain }
/// }
///
/// switch await provider.request(GetUser(id: 1)) {
/// case .success(let user): …
/// case .unauthorized: …
/// case .mappingFailed(let error, _): …
/// case .failure(let error): …
/// }
/// ```
public protocol DecodableMapping: TargetMapping where Output == APIResult<Success> {
    /// The type the body decodes into. ``EmptyResponse`` for bodies that carry nothing.
    associatedtype Success: Decodable & Sendable

    /// A dotted path to the value inside the body, such as `"data.user"`; `nil` (the default)
    /// decodes the whole body.
    var keyPath: String? { get }
}

extension DecodableMapping {
    /// The whole body.
    public var keyPath: String? { nil }

    /// Decodes ``DecodableMapping/Success`` at ``DecodableMapping/keyPath`` from a successful
    /// response and sorts failures into ``APIResult``.
    ///
    /// - Parameter result: The outcome of the request.
    /// - Returns: The typed outcome.
    public func map(_ result: Result<Response, QuiverError>) -> APIResult<Success> {
        APIResult(decoding: result, atKeyPath: keyPath)
    }
}

extension APIResult where Success: Decodable {
    /// The outcome of `result` with its body decoded at `keyPath`: the `map` of every
    /// ``DecodableMapping`` and of ``GenericTarget/decoding(_:atKeyPath:)``.
    init(decoding result: Result<Response, QuiverError>, atKeyPath keyPath: String?) {
        self.init(result) { response in
            try response.decode(Success.self, atKeyPath: keyPath)
        }
    }
}
