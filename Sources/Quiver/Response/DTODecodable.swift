/// An application model made from a raw transfer object (DTO) that mirrors the JSON.
///
/// Keep the wire format in a plain `Decodable` DTO and convert it into the type the app uses;
/// ``Response/decode(_:atKeyPath:using:)-55nwj`` and ``Provider/decode(_:from:using:)-14xxf``
/// do both steps.
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
public protocol DTODecodable {
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

extension Array: DTODecodable where Element: DTODecodable {
    /// Converts every element.
    ///
    /// - Parameter dto: The decoded elements.
    /// - Returns: The converted elements.
    /// - Throws: The first element's conversion error.
    public static func from(dto: [Element.DTO]) throws -> [Element] {
        try dto.map(Element.from(dto:))
    }
}

extension Optional: DTODecodable where Wrapped: DTODecodable {
    /// Converts the value, if there is one.
    ///
    /// - Parameter dto: The decoded value, or `nil`.
    /// - Returns: The converted value, or `nil`.
    /// - Throws: The value's conversion error.
    public static func from(dto: Wrapped.DTO?) throws -> Wrapped? {
        try dto.map(Wrapped.from(dto:))
    }
}
