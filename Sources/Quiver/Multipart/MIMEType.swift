import Foundation

/// The MIME types Quiver infers for multipart parts from a file name's extension.
///
/// The table covers the formats apps commonly upload (images, documents, text, archives,
/// audio and video). Extensions are matched case-insensitively; anything else is
/// ``octetStream``.
enum MIMEType {
    /// The type of bytes whose format is unknown: `application/octet-stream`.
    static let octetStream = "application/octet-stream"

    /// The MIME type for a file name extension.
    ///
    /// - Parameter pathExtension: The extension without its dot, e.g. `jpg` or `PDF`.
    /// - Returns: The registered type, e.g. `image/jpeg`, or ``octetStream`` when the extension
    ///   is empty or unknown.
    static func forPathExtension(_ pathExtension: String) -> String {
        table[pathExtension.lowercased()] ?? octetStream
    }

    /// The MIME type for a file name, from the text after its last dot.
    ///
    /// - Parameter fileName: A file name such as `photo.JPG`; a name without a dot, or one that
    ///   only starts with a dot (`.profile`), has no extension.
    /// - Returns: The inferred type, or ``octetStream``.
    static func forFileName(_ fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else {
            return octetStream
        }
        return forPathExtension(String(fileName[fileName.index(after: dot)...]))
    }

    private static let table: [String: String] = [
        // Images
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif",
        "webp": "image/webp", "heic": "image/heic", "heif": "image/heif", "avif": "image/avif",
        "svg": "image/svg+xml", "bmp": "image/bmp", "tif": "image/tiff", "tiff": "image/tiff",
        "ico": "image/vnd.microsoft.icon",
        // Documents and text
        "pdf": "application/pdf", "txt": "text/plain", "html": "text/html", "htm": "text/html",
        "css": "text/css", "csv": "text/csv", "md": "text/markdown", "js": "text/javascript",
        "json": "application/json", "xml": "application/xml", "rtf": "application/rtf",
        "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        // Archives
        "zip": "application/zip", "gz": "application/gzip", "tar": "application/x-tar",
        "7z": "application/x-7z-compressed",
        // Audio
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "wav": "audio/wav",
        "ogg": "audio/ogg", "oga": "audio/ogg", "flac": "audio/flac", "opus": "audio/opus",
        // Video
        "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
        "avi": "video/x-msvideo", "mkv": "video/x-matroska",
    ]
}
