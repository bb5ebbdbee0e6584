import Foundation

/// Encodes a body as a property list (`application/x-plist`), Moya's `PropertyListEncoding`.
///
/// ```swift
/// var task: HTTPTask { .body(settings, encoder: PropertyListBodyEncoder()) }
/// ```
public struct PropertyListBodyEncoder<Value: Encodable>: BodyEncoder {
    /// The format written: `.xml` (the default) or `.binary`.
    public let format: PropertyListSerialization.PropertyListFormat

    /// Creates the encoder.
    ///
    /// - Parameter format: The format to write; defaults to `.xml`.
    public init(format: PropertyListSerialization.PropertyListFormat = .xml) {
        self.format = format
    }

    /// `application/x-plist`.
    public var contentType: String { "application/x-plist" }

    /// The property list for `value`.
    ///
    /// - Parameter value: The value to encode; its top level must be keyed or unkeyed.
    /// - Returns: The property list bytes.
    /// - Throws: `EncodingError` when `value` cannot be written as a property list.
    public func encode(_ value: Value) throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        return try encoder.encode(value)
    }
}
