/// A body that cannot be encoded, found when a task was made: encoding it throws the error
/// again, so the request fails as ``QuiverError/encoding(_:)`` when it is built and nothing is
/// sent. Made by ``HTTPTask/multipart(encoding:boundary:)``.
struct EncodingFailure: Encodable, Sendable {
    /// Why the body could not be encoded.
    let error: any Error

    func encode(to encoder: any Encoder) throws {
        throw error
    }
}

extension QuiverError {
    /// The error inside ``encoding(_:)``, or this error itself.
    var underlying: any Error {
        if case .encoding(let error) = self { return error }
        return self
    }
}
