import Foundation

/// The body was empty where a value was expected: what ``Response/decode(_:atKeyPath:using:)``
/// throws inside ``QuiverError/decoding(_:_:)``, and what ``APIResult/mappingFailed(_:_:)``
/// carries for a ``DecodableMapping`` target.
///
/// Its description is the same line as the ``QuiverError``'s: which request answered, that its
/// empty body did not decode as ``type``, and what to do, which for a stub is to give the target
/// a sample body:
///
/// ```
/// GET https://api.example.com/users/ada answered 200 (stubbed) with an empty body, which did not decode as User: give the target a sample body (sampleData, or sample: in its @Endpoint or @GET… macro), or decode EmptyResponse.
/// ```
public struct EmptyBodyError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The type that was expected.
    public let type: String
    /// The response whose body was empty, when known: what the description names.
    let response: Response?

    init(type: String, response: Response? = nil) {
        self.type = type
        self.response = response
    }

    /// One line: the request, its status, that its empty body did not decode as ``type``, and
    /// what to do about it; redacted as ``QuiverError/description`` is. Without a response,
    /// `the response body is empty; expected <type>`.
    public var description: String {
        guard let response, response.fileURL == nil else { return "the response body is empty; expected \(type)" }
        return RedactionPass.learning(response.request, response).finish(QuiverError.emptyBodyDescription(response, expected: type))
    }

    /// The same as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
