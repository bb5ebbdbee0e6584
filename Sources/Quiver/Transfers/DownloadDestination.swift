import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decides where a download is kept, once its response is known: the file's final URL and how
/// to put it there.
///
/// ```swift
/// .download(to: .file(reportURL))
/// .download(to: .suggested(in: downloadsFolder))
/// .download(to: DownloadDestination { temporaryURL, response in
///     (folder.appendingPathComponent("\(response.statusCode).bin"), [.removePreviousFile])
/// })
/// ```
public struct DownloadDestination: Sendable {
    /// Makes the final URL and the options from the temporary file and the response.
    let decide: @Sendable (_ temporaryURL: URL, _ response: HTTPURLResponse) -> (destinationURL: URL, options: DownloadOptions)

    /// A destination decided by a closure (Alamofire's and Moya's `DownloadDestination`).
    ///
    /// - Parameter decide: Given where the body was written while it downloaded and the
    ///   response (its headers, `suggestedFilename`), returns the final URL and the options for
    ///   moving the file there.
    public init(_ decide: @escaping @Sendable (_ temporaryURL: URL, _ response: HTTPURLResponse)
                    -> (destinationURL: URL, options: DownloadOptions)) {
        self.decide = decide
    }

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
        DownloadDestination { _, response in
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
        DownloadDestination { _, _ in (url, options) }
    }
}
