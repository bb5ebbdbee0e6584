import Foundation

/// Turns a value into a request body of a content type of its own: property lists, XML,
/// Protocol Buffers… (what Moya's `ParameterEncoding` is for). Use it with
/// ``HTTPTask/body(_:encoder:)``.
///
/// ```swift
/// struct XMLEncoder: BodyEncoder {
///     var contentType: String { "application/xml; charset=utf-8" }
///     func encode(_ value: Order) throws -> Data { Data(value.xml.utf8) }
/// }
///
/// var task: HTTPTask { .body(order, encoder: XMLEncoder()) }
/// ```
public protocol BodyEncoder<Value>: Sendable {
    /// What the encoder encodes.
    associatedtype Value

    /// The `Content-Type` of the bodies it makes, sent unless the target sets one.
    var contentType: String { get }

    /// The body for `value`.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The body bytes.
    /// - Throws: Why `value` cannot be encoded; the request then fails with
    ///   ``QuiverError/encoding(_:)`` and nothing is sent.
    func encode(_ value: Value) throws -> Data
}
