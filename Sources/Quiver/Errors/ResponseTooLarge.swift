import Foundation

/// A response body grew past the limit set for it (``BodySizeLimits``): the transport stopped
/// reading, closed the connection and dropped what it had received.
///
/// A ``Provider`` reports it as ``QuiverError/transport(_:_:)`` carrying this error:
///
/// ```swift
/// catch QuiverError.transport(let tooLarge as ResponseTooLarge, _) {
///     print(tooLarge.limit)
/// }
/// ```
///
/// The limit counts the body as it arrives after content decoding, so a small compressed body
/// that inflates to gigabytes (a "gzip bomb") or a body that never ends stops at the limit.
public struct ResponseTooLarge: Error, Sendable, Hashable, CustomStringConvertible {
    /// The limit that was passed, in bytes.
    public let limit: Int64
    /// Whether the body was going to a file (a download) rather than into memory.
    public let isDownload: Bool
    /// The request's method.
    public let method: HTTPMethod
    /// The request's URL.
    public let url: URL

    /// Creates the error for the request `method` `url` whose body passed `limit`.
    ///
    /// - Parameters:
    ///   - limit: The limit that was passed, in bytes.
    ///   - isDownload: Whether the body was going to a file.
    ///   - method: The request's method.
    ///   - url: The request's URL.
    init(limit: Int64, isDownload: Bool, method: HTTPMethod, url: URL) {
        self.limit = limit
        self.isDownload = isDownload
        self.method = method
        self.url = url
    }

    /// What happened to which request, and what to do about it. The URL is named without its
    /// query and user info, which may hold credentials.
    public var description: String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        components?.user = nil
        components?.password = nil
        components?.fragment = nil
        let place = components?.string ?? url.host ?? "the server"
        let kind = isDownload ? "download" : "response body"
        let setting = isDownload ? "file" : "memory"
        return "\(method.rawValue) \(place): the \(kind) passed its limit of \(limit) bytes "
            + "(\(Self.mebibytes(limit))) and was stopped; raise BodySizeLimits.\(setting) on the "
            + "provider or the target (BodySizeLimitsProviding) if such a body is expected"
            + (isDownload ? "" : ", or download it to a file")
    }

    /// `bytes` in MiB, for people.
    private static func mebibytes(_ bytes: Int64) -> String {
        let mib = Double(bytes) / 1_048_576
        return mib == mib.rounded() ? "\(Int64(mib)) MiB" : String(format: "%.2f MiB", mib)
    }
}
