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
/// var task: HTTPTask { .json(dto: newUser) }   // also .form(dto:), .query(dto:); arrays and optionals too
/// ```
///
/// The conversion runs when the request is built; a conversion that throws fails the request
/// with ``QuiverError/encoding(_:)``, and nothing is sent.
public protocol DTOEncodable {
    /// The transfer object that is encoded.
    associatedtype DTO: Encodable

    /// Converts the application model into its transfer object.
    ///
    /// - Returns: The transfer object.
    /// - Throws: Any error when the model cannot be sent; it is reported as
    ///   ``QuiverError/encoding(_:)``.
    func toDTO() throws -> DTO
}

extension Array: DTOEncodable where Element: DTOEncodable {
    /// Converts every element.
    ///
    /// - Returns: The converted elements.
    /// - Throws: The first element's conversion error.
    public func toDTO() throws -> [Element.DTO] {
        try map { try $0.toDTO() }
    }
}

extension Optional: DTOEncodable where Wrapped: DTOEncodable {
    /// Converts the value, if there is one.
    ///
    /// - Returns: The converted value, or `nil`.
    /// - Throws: The value's conversion error.
    public func toDTO() throws -> Wrapped.DTO? {
        try map { try $0.toDTO() }
    }
}

/// A model encoded through its DTO: converted when the body or query is encoded, so that a
/// failed conversion is an encoding error of the request.
struct DTOPayload<Model: DTOEncodable & Sendable>: Encodable, Sendable {
    /// The application model.
    let model: Model

    func encode(to encoder: any Encoder) throws {
        try model.toDTO().encode(to: encoder)
    }
}

extension DTOPayload: OptionalValue {
    /// Whether the model is a `nil` optional: a `.query(dto:)` of `nil` adds no query.
    var isNil: Bool { (model as? any OptionalValue)?.isNil ?? false }
}
