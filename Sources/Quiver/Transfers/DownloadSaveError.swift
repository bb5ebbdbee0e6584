import Foundation

/// A download arrived whole but could not be kept where its ``DownloadDestination`` said: the
/// folder is missing (and ``DownloadOptions/createIntermediateDirectories`` was not given), a
/// file is in the way (without ``DownloadOptions/removePreviousFile``), or the disk refused.
///
/// It reaches the caller as ``QuiverError/transport(_:_:)`` with the response, and the
/// temporary file is already removed:
///
/// ```swift
/// if case .failure(.transport(let error as DownloadSaveError, _)) = result {
///     print("could not save to", error.destination.path)
/// }
/// ```
public struct DownloadSaveError: Error, Sendable, CustomStringConvertible {
    /// Where the file was to be kept.
    public let destination: URL
    /// Why it could not be: the file system's error.
    public let underlying: any Error

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - destination: Where the file was to be kept.
    ///   - underlying: Why it could not be.
    init(destination: URL, underlying: any Error) {
        self.destination = destination
        self.underlying = underlying
    }

    /// A sentence naming the destination and the cause.
    public var description: String {
        "the download could not be saved to \(destination.path): \(underlying)"
    }
}
