import Foundation

extension HTTPTask {
    /// A body made by a ``BodyEncoder`` of your own, sent with the encoder's `Content-Type`
    /// (unless the target sets one).
    ///
    /// The value is encoded when the task is made, so a request's retries send the same bytes.
    /// When it cannot be encoded, the request fails with ``QuiverError/encoding(_:)`` carrying
    /// the encoder's error, and nothing is sent.
    ///
    /// ```swift
    /// var task: HTTPTask { .body(order, encoder: XMLOrderEncoder()) }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The encoder, which names the content type.
    /// - Returns: A ``data(_:contentType:)`` task, or one that fails with the encoding error when run.
    public static func body<Encoder: BodyEncoder>(_ value: Encoder.Value, encoder: Encoder) -> HTTPTask {
        do {
            return .data(try encoder.encode(value), contentType: encoder.contentType)
        } catch {
            return .json(EncodingFailure(error: error))
        }
    }
}
