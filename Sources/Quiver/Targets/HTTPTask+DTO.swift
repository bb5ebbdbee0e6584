import Foundation

extension HTTPTask {
    /// A JSON body from `model`'s ``DTOEncodable/toDTO()``.
    ///
    /// - Parameters:
    ///   - model: The application model (or an array or optional of them).
    ///   - encoder: As for ``json(_:encoder:)-enum.case``.
    /// - Returns: A ``json(_:encoder:)-enum.case`` task that converts `model` when the request is built; a
    ///   failed conversion is ``QuiverError/encoding(_:)`` and nothing is sent.
    public static func json(dto model: some DTOEncodable & Sendable, encoder: JSONEncoder? = nil) -> HTTPTask {
        .json(DTOPayload(model: model), encoder: encoder)
    }

    /// A form body from `model`'s ``DTOEncodable/toDTO()``.
    ///
    /// - Parameters:
    ///   - model: The application model.
    ///   - encoder: As for ``form(_:encoder:)-enum.case``.
    /// - Returns: A ``form(_:encoder:)-enum.case`` task that converts `model` when the request is built.
    public static func form(dto model: some DTOEncodable & Sendable, encoder: FormEncoder? = nil) -> HTTPTask {
        .form(DTOPayload(model: model), encoder: encoder)
    }

    /// A URL query from `model`'s ``DTOEncodable/toDTO()``.
    ///
    /// - Parameters:
    ///   - model: The application model.
    ///   - encoder: As for ``query(_:encoder:)-enum.case``.
    /// - Returns: A ``query(_:encoder:)-enum.case`` task that converts `model` when the request is built.
    public static func query(dto model: some DTOEncodable & Sendable, encoder: FormEncoder? = nil) -> HTTPTask {
        .query(DTOPayload(model: model), encoder: encoder)
    }
}
