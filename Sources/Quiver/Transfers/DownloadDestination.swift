import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decides where a download is kept, once its response is known: the file's final URL and how
/// to put it there. As in Alamofire and Moya.
///
/// - Parameters:
///   - temporaryURL: Where the body was written while it downloaded.
///   - response: The response, with its headers and `suggestedFilename`.
/// - Returns: The final URL and the options for moving the file there.
public typealias DownloadDestination = @Sendable (_ temporaryURL: URL, _ response: HTTPURLResponse)
    -> (destinationURL: URL, options: DownloadOptions)

/// How a downloaded file is put at its destination.
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

/// Ready-made ``DownloadDestination``s.
public enum DownloadDestinations {
    /// Keeps the download in `directory` under the name the server suggests
    /// (`Content-Disposition`, else the URL's last path component).
    ///
    /// - Parameters:
    ///   - directory: The folder for downloads.
    ///   - options: How to put the file there. Defaults to creating the folder and replacing a
    ///     previous file of the same name.
    /// - Returns: A destination.
    public static func suggested(in directory: URL,
                                 options: DownloadOptions = [.createIntermediateDirectories, .removePreviousFile]) -> DownloadDestination {
        { _, response in
            // Foundation on Linux suggests "Unknown" without a Content-Disposition: use the URL then.
            let suggested = response.value(forHTTPHeaderField: "Content-Disposition") != nil
                ? response.suggestedFilename : response.url?.lastPathComponent
            // A suggested name is the server's word: keep only its last component.
            let name = suggested.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
            let safe = name.isEmpty || name == "/" || name == "." || name == ".." ? "download" : name
            return (directory.appendingPathComponent(safe), options)
        }
    }

    /// Keeps the download at `url`.
    ///
    /// - Parameters:
    ///   - url: The final file URL.
    ///   - options: How to put the file there. Defaults to creating the folder and replacing a
    ///     previous file.
    /// - Returns: A destination.
    public static func file(_ url: URL, options: DownloadOptions = [.createIntermediateDirectories, .removePreviousFile]) -> DownloadDestination {
        { _, _ in (url, options) }
    }
}
