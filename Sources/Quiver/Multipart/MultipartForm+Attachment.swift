import Foundation

extension MultipartForm {
    /// A file or block of bytes in an `Encodable` payload that becomes a multipart part
    /// (CodyFire's `Attachment`).
    ///
    /// ```swift
    /// struct NewPost: Encodable, Sendable {
    ///     var title: String
    ///     var cover: MultipartForm.Attachment
    ///     var gallery: [MultipartForm.Attachment]
    /// }
    /// let form = try MultipartForm(encoding: NewPost(
    ///     title: "Trip",
    ///     cover: .init(fileAt: coverURL),
    ///     gallery: [.init(data: jpeg, fileName: "1.jpg")]))
    /// ```
    ///
    /// An attachment only has a meaning in a ``MultipartForm``: encoding one with any other
    /// encoder (a `JSONEncoder`, say) throws `EncodingError.invalidValue`.
    public struct Attachment: Encodable, Sendable, Equatable {
        /// Where an attachment's bytes come from.
        enum Source: Sendable, Equatable {
            /// Bytes held in memory.
            case data(Data)
            /// A file streamed from disk when the body is written.
            case file(URL)
        }

        /// Where the bytes come from.
        let source: Source
        /// The `filename` to send; for files `nil` means the URL's last path component.
        let fileName: String?
        /// The `Content-Type` to send; `nil` infers it from the file name's extension.
        let mimeType: String?

        /// An attachment whose bytes are held in memory.
        ///
        /// - Parameters:
        ///   - data: The bytes.
        ///   - fileName: The `filename` to send, if any.
        ///   - mimeType: The `Content-Type`; `nil` infers it from `fileName`, or uses
        ///     `application/octet-stream`.
        public init(data: Data, fileName: String? = nil, mimeType: String? = nil) {
            self.source = .data(data)
            self.fileName = fileName
            self.mimeType = mimeType
        }

        /// An attachment streamed from a file.
        ///
        /// - Parameters:
        ///   - url: The file's URL.
        ///   - fileName: The `filename` to send; `nil` uses the URL's last path component.
        ///   - mimeType: The `Content-Type`; `nil` infers it from the URL's extension, or uses
        ///     `application/octet-stream`.
        public init(fileAt url: URL, fileName: String? = nil, mimeType: String? = nil) {
            self.source = .file(url)
            self.fileName = fileName
            self.mimeType = mimeType
        }

        /// Always throws: an attachment can only be encoded into a ``MultipartForm``.
        ///
        /// - Parameter encoder: The encoder that was asked to encode the attachment.
        /// - Throws: `EncodingError.invalidValue`.
        public func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "MultipartForm.Attachment can only be encoded into a MultipartForm"
            ))
        }
    }
}
