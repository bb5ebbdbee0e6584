/// How a downloaded file is put at its ``DownloadDestination``.
public struct DownloadOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: Int

    /// Creates options from their bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Create the destination's missing parent directories.
    public static let createIntermediateDirectories = DownloadOptions(rawValue: 1 << 0)
    /// Replace a file already at the destination (otherwise the download fails).
    public static let removePreviousFile = DownloadOptions(rawValue: 1 << 1)
}
