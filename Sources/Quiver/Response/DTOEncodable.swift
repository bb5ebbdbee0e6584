/// An application model sent as a raw transfer object (DTO) that mirrors the wire format: the
/// encode direction of ``DTODecodable`` (CoreNetKit's `DTOEncodable`).
///
/// ```swift
/// struct NewUserDTO: Encodable, Sendable { let full_name: String; let email: String }
///
/// struct NewUser: DTOEncodable, Sendable {
///     let name: String
///     let email: String
///     func toDTO() throws -> NewUserDTO {
///         guard email.contains("@") else { throw InvalidUser.badEmail }
///         return NewUserDTO(full_name: name, email: email)
///     }
/// }
///
/// var task: HTTPTask { .json(newUser) }   // also .form, .query; arrays and optionals too
/// ```
///
/// The conversion runs when the request is built; a conversion that throws fails the request
/// with ``QuiverError/encoding(_:)``, and nothing is sent.
public protocol DTOEncodable: Encodable {
    /// The transfer object that is encoded.
    associatedtype DTO: Encodable

    /// Converts the application model into its transfer object.
    ///
    /// - Returns: The transfer object.
    /// - Throws: Any error when the model cannot be sent; it is reported as
    ///   ``QuiverError/encoding(_:)``.
    func toDTO() throws -> DTO
}

extension DTOEncodable {
    /// Encodes the transfer object ``toDTO()`` makes: what makes the model `Encodable`.
    ///
    /// - Parameter encoder: The encoder to write the DTO to.
    public func encode(to encoder: any Encoder) throws {
        try toDTO().encode(to: encoder)
    }
}
