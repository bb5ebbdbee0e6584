/// An application model made from a raw transfer object (DTO) that mirrors the JSON.
///
/// Keep the wire format in a plain `Decodable` DTO and convert it into the type the app uses.
/// The model is `Decodable` through its DTO, so every call that decodes
/// (``Response/decode(_:atKeyPath:using:)``, ``Provider/decode(_:from:using:)``, a
/// ``DecodableMapping``) does both steps, for arrays and optionals of it too.
///
/// ```swift
/// struct UserDTO: Decodable { let id: Int; let full_name: String; let email: String? }
///
/// struct User: DTODecodable {
///     let id: Int
///     let name: String
///     static func from(dto: UserDTO) throws -> User {
///         guard !dto.full_name.isEmpty else { throw InvalidUser.noName }
///         return User(id: dto.id, name: dto.full_name)
///     }
/// }
///
/// let users = try response.decode([User].self)   // arrays and optionals convert too
/// ```
public protocol DTODecodable: Decodable {
    /// The transfer object the JSON decodes into.
    associatedtype DTO: Decodable

    /// Converts a decoded transfer object into the application model.
    ///
    /// - Parameter dto: The decoded transfer object.
    /// - Returns: The application model.
    /// - Throws: Any error when the DTO does not make a valid model; it is reported as
    ///   ``QuiverError/decoding(_:_:)``.
    static func from(dto: DTO) throws -> Self
}

extension DTODecodable {
    /// Decodes the ``DTO`` and converts it with ``from(dto:)``: what makes the model
    /// `Decodable`. A conversion that throws is a decoding error.
    ///
    /// - Parameter decoder: The decoder to read the DTO from.
    public init(from decoder: any Decoder) throws {
        self = try Self.from(dto: DTO(from: decoder))
    }
}
