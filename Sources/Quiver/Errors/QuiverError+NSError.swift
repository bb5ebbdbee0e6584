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
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let underlyingError {
            info[NSUnderlyingErrorKey] = underlyingError as NSError
        }
        if let url = request?.url ?? response?.response?.url {
            info[NSURLErrorFailingURLErrorKey] = url
        }
        if let response {
            info["QuiverStatusCode"] = response.statusCode
        }
        return info
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
