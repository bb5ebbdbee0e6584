import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `QuiverError` as an `NSError`, for apps that log or report `NSError`s (crash reporters,
/// analytics): a stable domain, a code per case, the message, the URL, and the underlying error
/// under `NSUnderlyingErrorKey`.
///
/// ```swift
/// let nsError = error as NSError   // domain "Quiver.QuiverError", code 3 for .statusCode
/// ```
extension QuiverError: CustomNSError {
    /// `"Quiver.QuiverError"`, the same in every release.
    public static var errorDomain: String { "Quiver.QuiverError" }

    /// A code per case, the same in every release: 1 ``invalidRequest(_:)``, 2 ``encoding(_:)``,
    /// 3 ``statusCode(_:)``, 4 ``decoding(_:_:)``, 5 ``transport(_:_:)``, 6 ``timedOut(_:after:)``,
    /// 7 ``cancelled(_:)``, 8 ``plugin(_:)``.
    public var errorCode: Int {
        switch self {
        case .invalidRequest: 1
        case .encoding: 2
        case .statusCode: 3
        case .decoding: 4
        case .transport: 5
        case .timedOut: 6
        case .cancelled: 7
        case .plugin: 8
        }
    }

    /// The message (``description``) under `NSLocalizedDescriptionKey`, ``underlyingError``
    /// under `NSUnderlyingErrorKey`, the request's URL under `NSURLErrorFailingURLErrorKey`, and
    /// the status code under `"QuiverStatusCode"` when there is a response.
    ///
    /// Everything in it is redacted by ``Redaction/default`` as ``description`` is: the URL
    /// (its password and listed query values replaced by the marker, percent-encoded), and the
    /// underlying error, given as an `NSError` of the same domain and code whose user info holds
    /// its redacted text values only.
    public var errorUserInfo: [String: Any] {
        let pass = RedactionPass.learning(request, response)
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let underlyingError {
            info[NSUnderlyingErrorKey] = Self.redacted(underlyingError as NSError, by: pass)
        }
        if let url = (request?.url ?? response?.responseURL).flatMap({ Self.redacted($0, by: pass) }) {
            info[NSURLErrorFailingURLErrorKey] = url
        }
        if let response {
            info["QuiverStatusCode"] = response.statusCode
        }
        return info
    }

    /// `url` redacted, the marker percent-encoded so that it stays a URL; `nil` if it does not.
    private static func redacted(_ url: URL, by pass: RedactionPass) -> URL? {
        let marker = pass.redactor.marker
        let encoded = String(decoding: PercentEscaper.encoded(Array(marker.utf8)), as: UTF8.self)
        return URL(string: pass.finish(url.absoluteString).replacingOccurrences(of: marker, with: encoded))
    }

    /// `error` with only its text and URL user info, redacted (a `URLError` carries the failing
    /// URL, and Quiver's request, in its user info).
    private static func redacted(_ error: NSError, by pass: RedactionPass) -> NSError {
        var info: [String: Any] = [:]
        for (key, value) in error.userInfo {
            switch value {
            case let url as URL: info[key] = redacted(url, by: pass)
            case let text as String: info[key] = pass.finish(text)
            default: break
            }
        }
        return NSError(domain: error.domain, code: error.code, userInfo: info)
    }

    /// The error this one wraps: the encoder's for ``encoding(_:)``, the decoder's for
    /// ``decoding(_:_:)``, the network's for ``transport(_:_:)``, the plugin's for ``plugin(_:)``;
    /// `nil` for the others.
    public var underlyingError: (any Error)? {
        switch self {
        case .encoding(let error), .decoding(let error, _), .transport(let error, _), .plugin(let error): error
        case .invalidRequest, .statusCode, .timedOut, .cancelled: nil
        }
    }
}
