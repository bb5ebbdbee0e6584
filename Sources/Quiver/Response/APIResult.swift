/// A ready-made typed outcome for the common case: the decoded value, or why there is none.
///
/// Adopt it through ``DecodableMapping``, or build one yourself with
/// ``init(_:transform:)`` inside a ``TargetMapping/map(_:)``.
public enum APIResult<Success: Sendable>: Sendable {
    /// The request succeeded and its body became the value.
    case success(Success)
    /// The request succeeded but its body did not become the value.
    case mappingFailed(any Error, Response)
    /// The server answered `401 Unauthorized`.
    case unauthorized(Response)
    /// Anything else: another rejected status, the network, a timeout, a plugin, cancellation.
    case failure(QuiverError)

    /// Sorts the outcome of a request, turning a successful response into the value.
    ///
    /// - Parameters:
    ///   - result: The outcome of the request.
    ///   - transform: Makes the value from a successful response; what it throws becomes
    ///     ``mappingFailed(_:_:)``.
    public init(_ result: Result<Response, QuiverError>, transform: (Response) throws -> Success) {
        switch result {
        case .success(let response):
            do {
                self = .success(try transform(response))
            } catch let QuiverError.decoding(error, response) {
                self = .mappingFailed(error, response)
            } catch {
                self = .mappingFailed(error, response)
            }
        case .failure(.statusCode(let response)) where response.statusCode == 401:
            self = .unauthorized(response)
        case .failure(let error):
            self = .failure(error)
        }
    }

    /// The value on success, otherwise `nil`.
    public var value: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The response the outcome carries, if any.
    public var response: Response? {
        switch self {
        case .success: nil
        case .mappingFailed(_, let response), .unauthorized(let response): response
        case .failure(let error): error.response
        }
    }
}
