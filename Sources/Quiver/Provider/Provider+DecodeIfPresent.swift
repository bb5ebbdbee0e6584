import Foundation

extension Provider {
    /// Requests `target` and decodes its JSON body, or returns `nil` when the body is empty
    /// (Moya's `failsOnEmptyData: false`).
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - target: The endpoint to request.
    ///   - decoder: The decoder to use, as for ``decode(_:from:using:)-7v5y0``.
    /// - Returns: The decoded value, or `nil` for an empty body.
    /// - Throws: The ``QuiverError`` that ended the request, or ``QuiverError/decoding(_:_:)``
    ///   when a body is there and does not decode.
    public func decodeIfPresent<D: Decodable>(_ type: D.Type, from target: Target,
                                              using decoder: JSONDecoder? = nil) async throws(QuiverError) -> D? {
        try await response(for: target).decodeIfPresent(type, using: decoder ?? self.decoder(for: target))
    }
}
