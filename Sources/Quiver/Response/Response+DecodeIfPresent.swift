import Foundation

extension Response {
    /// The body decoded as JSON into `type`, or `nil` when the body is empty: for endpoints that
    /// answer `200` with a value or `204` with nothing (Moya's `failsOnEmptyData: false`).
    ///
    /// ```swift
    /// let draft = try response.decodeIfPresent(Draft.self)   // nil for an empty body
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - keyPath: As in ``decode(_:atKeyPath:using:)-6uz4n``.
    ///   - decoder: As in ``decode(_:atKeyPath:using:)-6uz4n``.
    /// - Returns: The decoded value, or `nil` when the body is empty.
    /// - Throws: ``QuiverError/decoding(_:_:)`` carrying this response when a body is there but
    ///   the path leads nowhere or the value does not decode.
    public func decodeIfPresent<D: Decodable>(_ type: D.Type, atKeyPath keyPath: String? = nil,
                                              using decoder: JSONDecoder? = nil) throws(QuiverError) -> D? {
        guard !data.isEmpty else { return nil }
        return try decode(type, atKeyPath: keyPath, using: decoder)
    }
}
