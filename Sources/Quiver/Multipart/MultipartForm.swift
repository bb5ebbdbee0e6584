import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields, in-memory `Data` parts and file parts,
/// in the order they are added.
///
/// ```swift
/// var form = MultipartForm()
/// form.append("Ada", name: "author")
/// form.append(thumbnail, name: "thumbnail", fileName: "thumb.png")
/// form.append(fileAt: videoURL, name: "video")          // streamed from disk, video/mp4
/// let task = HTTPTask.multipart(form)
/// ```
///
/// File parts are never read into memory whole: the body is written to disk in chunks of
/// 64 KiB when the request is sent. Adding parts never fails; the form is checked when its body
/// is written, before anything is sent, and problems are reported as
/// ``QuiverError/invalidRequest(_:)``:
///
/// - a name or file name containing CR, LF or NUL (other characters, Unicode included, are
///   sent as UTF-8; a `"` is written as `%22`, as browsers do, and a `\` as `%5C`, so that no
///   name can end its quotes early or escape the closing one);
/// - a boundary that is not 1–70 RFC 2046 boundary characters, or that occurs in a part;
/// - a file that is missing, not a regular file, or unreadable.
public struct MultipartForm: Sendable, Equatable {
    /// One part of a form: a text field, a block of bytes or a file.
    struct Part: Sendable, Equatable {
        /// Where a part's content comes from.
        enum Content: Sendable, Equatable {
            /// A text field, sent as UTF-8 with no `Content-Type` of its own.
            case text(String)
            /// Bytes held in memory.
            case data(Data)
            /// A file streamed from disk when the body is written.
            case file(URL)
        }

        /// The field name, the `name` parameter of the part's `Content-Disposition`.
        let name: String
        /// The `filename` parameter, if the part has one.
        let fileName: String?
        /// The part's `Content-Type`: given or inferred for data and file parts, `nil` for text
        /// fields.
        let mimeType: String?
        /// The part's content.
        let content: Content
    }

    /// The boundary that separates the parts.
    public let boundary: String

    /// The parts, in the order they were added.
    private(set) var parts: [Part] = []

    /// The `Content-Type` header for this form: `multipart/form-data; boundary=<boundary>`.
    ///
    /// A caller-given boundary containing characters that RFC 2045 does not allow in a bare
    /// parameter value (space, `(`, `)`, `,`, `/`, `:`, `=`, `?`) is written in double quotes.
    public var contentType: String {
        let needsQuotes = boundary.unicodeScalars.contains { Self.quotedBoundaryCharacters.contains($0) }
        return "multipart/form-data; boundary=" + (needsQuotes ? "\"\(boundary)\"" : boundary)
    }

    /// Creates an empty form.
    ///
    /// - Parameter boundary: The boundary to use, 1–70 characters from RFC 2046's set
    ///   (letters, digits and `'()+_,-./:=?` and space, not ending in a space), checked when the
    ///   body is written. `nil` picks `quiver.boundary.` followed by 32 random hexadecimal digits
    ///   (128 random bits), which cannot plausibly occur in any part.
    public init(boundary: String? = nil) {
        self.boundary = boundary ?? Self.randomBoundary()
    }

    /// Adds a text field.
    ///
    /// - Parameters:
    ///   - value: The field's text, sent as UTF-8.
    ///   - name: The field name.
    public mutating func append(_ value: String, name: String) {
        parts.append(Part(name: name, fileName: nil, mimeType: nil, content: .text(value)))
    }

    /// Adds a part whose bytes are held in memory.
    ///
    /// - Parameters:
    ///   - data: The part's bytes.
    ///   - name: The field name.
    ///   - fileName: The `filename` to send, if any.
    ///   - mimeType: The part's `Content-Type`; `nil` infers it from `fileName`'s extension, or
    ///     uses `application/octet-stream`.
    public mutating func append(_ data: Data, name: String, fileName: String? = nil, mimeType: String? = nil) {
        let type = mimeType ?? fileName.map(MIMEType.forFileName) ?? MIMEType.octetStream
        parts.append(Part(name: name, fileName: fileName, mimeType: type, content: .data(data)))
    }

    /// Adds a file part, streamed from disk when the body is written.
    ///
    /// The file is not opened here; a missing or unreadable file is reported as
    /// ``QuiverError/invalidRequest(_:)`` before anything is sent.
    ///
    /// - Parameters:
    ///   - url: The file's URL; it must be a `file:` URL.
    ///   - name: The field name.
    ///   - fileName: The `filename` to send; `nil` uses the URL's last path component.
    ///   - mimeType: The part's `Content-Type`; `nil` infers it from the URL's extension, or uses
    ///     `application/octet-stream`.
    public mutating func append(fileAt url: URL, name: String, fileName: String? = nil, mimeType: String? = nil) {
        let type = mimeType ?? MIMEType.forPathExtension(url.pathExtension)
        let part = Part(name: name, fileName: fileName ?? url.lastPathComponent, mimeType: type, content: .file(url))
        parts.append(part)
    }

    /// Adds an attachment as a data or file part.
    ///
    /// - Parameters:
    ///   - attachment: The attachment; its file name and MIME type are used as in
    ///     ``append(_:name:fileName:mimeType:)`` and ``append(fileAt:name:fileName:mimeType:)``.
    ///   - name: The field name.
    mutating func append(_ attachment: Attachment, name: String) {
        switch attachment.source {
        case .data(let data):
            append(data, name: name, fileName: attachment.fileName, mimeType: attachment.mimeType)
        case .file(let url):
            append(fileAt: url, name: name, fileName: attachment.fileName, mimeType: attachment.mimeType)
        }
    }

    /// Characters of RFC 2046 `bchars` that are `tspecials` in RFC 2045, so a boundary
    /// containing them must be quoted in the `Content-Type` header.
    private static let quotedBoundaryCharacters = Set("()/:=?, ".unicodeScalars)

    /// `quiver.boundary.` followed by 128 random bits in lowercase hexadecimal.
    private static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = [generator.next(), generator.next()].map { (word: UInt64) -> String in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
        return "quiver.boundary." + digits.joined()
    }
}
