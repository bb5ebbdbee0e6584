import Foundation

/// One part of a `multipart/form-data` body a ``StubNetwork`` received.
public struct RecordedPart: Sendable, Equatable {
    /// The `name` of its `Content-Disposition`.
    public let name: String
    /// The `filename` of its `Content-Disposition`, if any.
    public let fileName: String?
    /// Its `Content-Type`, if it has one.
    public let contentType: String?
    /// Its bytes.
    public let data: Data

    /// Its bytes as UTF-8 text (a text field's value).
    public var text: String {
        String(decoding: data, as: UTF8.self)
    }
}
