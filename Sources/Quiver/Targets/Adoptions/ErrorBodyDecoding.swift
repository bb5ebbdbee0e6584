import Foundation

/// A target whose API explains failures in a JSON body of a known shape, such as
/// `{"error": {"code": "not_found", "message": "No such user"}}`.
///
/// When validation rejects a status, the provider decodes the body into ``ErrorBody`` and keeps
/// it on the response, so that ``TargetMapping/map(_:)`` and any caller can read the server's
/// explanation with ``QuiverError/errorBody(as:)``, and the error's description quotes it.
///
/// ```swift
/// struct APIError: Decodable, Sendable, CustomStringConvertible {
///     struct Detail: Decodable, Sendable { let code: String; let message: String }
///     let error: Detail
///     var description: String { error.message }
/// }
///
/// extension UsersAPI: ErrorBodyDecoding {
///     typealias ErrorBody = APIError
///     func errorMessage(for statusCode: Int) -> String? {
///         statusCode == 404 ? "User not found" : nil
///     }
/// }
/// ```
///
/// It refines ``ErrorMessageProviding``: a message of your own for a status code
/// (``ErrorMessageProviding/errorMessage(for:)``, `nil` by default) wins over the body's
/// description.
public protocol ErrorBodyDecoding: ErrorMessageProviding {
    /// The shape of the API's error bodies.
    associatedtype ErrorBody: Decodable & Sendable
}

extension ErrorBodyDecoding {
    /// No message of your own: the error body's description is the message.
    ///
    /// - Parameter statusCode: The rejected status code.
    /// - Returns: `nil`.
    public func errorMessage(for statusCode: Int) -> String? { nil }
}

extension Response {
    /// This response with the explanation `target` gives for its rejected status: its decoded
    /// error body (read with `decoder`) and message, when it declares them.
    func explained(by target: any TargetType, decoder: JSONDecoder?) -> Response {
        var response = self
        if let typed = target as? any ErrorBodyDecoding {
            response.explain(with: typed, decoder: decoder)
        } else if let messages = target as? any ErrorMessageProviding {
            response.set(errorMessage: messages.errorMessage(for: statusCode))
        }
        return response
    }

    private mutating func explain<T: ErrorBodyDecoding>(with target: T, decoder: JSONDecoder?) {
        let body = try? decode(T.ErrorBody.self, using: decoder)
        errorBody = body
        set(errorMessage: target.errorMessage(for: statusCode)
            ?? body.flatMap { ($0 as? any CustomStringConvertible)?.description })
    }
}

extension QuiverError {
    /// The server's error body, decoded as `type`: the one the target's ``ErrorBodyDecoding``
    /// declared, or else the response body decoded on demand.
    ///
    /// - Parameter type: The shape of the error body.
    /// - Returns: The error body, or `nil` when the error has no response or its body is not a `T`.
    public func errorBody<T: Decodable>(as type: T.Type) -> T? {
        guard let response else { return nil }
        if let body = response.errorBody as? T { return body }
        return try? response.decode(T.self)
    }
}
