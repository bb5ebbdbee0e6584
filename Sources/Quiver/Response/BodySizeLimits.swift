import Foundation

/// How large a response body may grow before the transport stops reading it and the request
/// fails with ``ResponseTooLarge``: one limit for bodies held in memory, one for downloads
/// written to a file.
///
/// A server decides how much it sends, and a transport that decodes `gzip` on the fly turns
/// one mebibyte into a gibibyte: without a limit, any server can make the process grow until it
/// dies. The limits count the body as it arrives, after content decoding.
///
/// ```swift
/// // For the whole provider:
/// let provider = Provider<API>(bodySizeLimits: BodySizeLimits(memory: 8 << 20))
///
/// // For one target:
/// extension API: BodySizeLimitsProviding {
///     var bodySizeLimits: BodySizeLimits {
///         switch self {
///         case .export: BodySizeLimits(memory: 512 << 20)
///         default: .default
///         }
///     }
/// }
/// ```
///
/// A streamed response (``Provider/stream(for:)``) is read as it arrives: its total is not
/// limited, but the bytes waiting unread for its reader are, by ``memory``.
public struct BodySizeLimits: Sendable, Hashable {
    /// The most bytes of a response body held in memory (``Response/data``, or the unread part
    /// of a stream); `nil` for no limit.
    public var memory: Int64?
    /// The most bytes of a download written to its file; `nil` for no limit.
    public var file: Int64?

    /// The default limit on a body held in memory: 64 MiB.
    @usableFromInline static let defaultMemoryLimit: Int64 = 64 << 20

    /// The limits of a provider that names none: 64 MiB in memory, none for downloads.
    ///
    /// An API's JSON rarely reaches a few mebibytes, and decoding holds it a second time, as a
    /// tree of values several times its size: 64 MiB leaves a wide margin for any body that is
    /// meant to be decoded, while a gzip bomb or an endless body stops there instead of taking
    /// the process's memory. It is also the limit on unread bytes a stream has always had.
    /// Larger bodies belong in a download (``HTTPTask/download(to:)``), which streams to disk:
    /// downloads have no limit by default, since memory does not grow with them and the size of
    /// a file the caller asked for is the caller's to bound.
    public static let `default` = BodySizeLimits()

    /// No limit at all: only for servers you trust as much as your own memory.
    public static let none = BodySizeLimits(memory: nil, file: nil)

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - memory: The most bytes of a body held in memory, or `nil` for none. Defaults to
    ///     64 MiB (see ``default``).
    ///   - file: The most bytes of a download written to its file, or `nil` (the default) for none.
    public init(memory: Int64? = BodySizeLimits.defaultMemoryLimit, file: Int64? = nil) {
        self.memory = memory
        self.file = file
    }

    /// The limit for a body going to `destination`.
    func limit(for destination: TransportRequest.Destination) -> Int64? {
        switch destination {
        case .memory: memory
        case .file: file
        }
    }
}
