import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every way a request through a ``Provider`` can fail.
public enum QuiverError: Error, Sendable {
    /// The request could not be built or is not safe to send: a bad URL, an illegal header,
    /// a body on `GET`. Nothing was sent.
    case invalidRequest(String)
    /// A body or query could not be encoded. Nothing was sent.
    case encoding(any Error)
    /// Validation rejected the status code; the response is kept.
    case statusCode(Response)
    /// The body did not decode or map into the expected type.
    case decoding(any Error, Response)
    /// The network failed (`URLError` and the like), possibly after a response began.
    case transport(any Error, Response?)
    /// The request's timeout elapsed.
    case timedOut
    /// The caller cancelled: Swift `Task` cancellation or ``Cancellable/cancel()``.
    case cancelled
    /// A plugin refused the request in ``PluginType/prepare(_:target:)``.
    case plugin(any Error)

    /// The response this error carries, if any.
    public var response: Response? {
        switch self {
        case .statusCode(let response), .decoding(_, let response): response
        case .transport(_, let response): response
        case .invalidRequest, .encoding, .timedOut, .cancelled, .plugin: nil
        }
    }

    /// Wraps an error thrown by a transport (or a stub) in the matching case.
    ///
    /// `CancellationError` and `URLError(.cancelled)` become ``cancelled``, `URLError(.timedOut)`
    /// ``timedOut``, a ``QuiverError`` stays as it is, anything else is ``transport(_:_:)``.
    init(transportError error: any Error, response: Response? = nil) {
        switch error {
        case let error as QuiverError:
            self = error
        case is CancellationError:
            self = .cancelled
        case let error as URLError where error.code == .cancelled:
            self = .cancelled
        case let error as URLError where error.code == .timedOut:
            self = .timedOut
        default:
            self = .transport(error, response)
        }
    }

    /// Wraps an error thrown by a plugin's `prepare`: cancellation stays cancellation, a
    /// ``QuiverError`` stays as it is, anything else is ``plugin(_:)``.
    init(pluginError error: any Error) {
        switch error {
        case let error as QuiverError:
            self = error
        case is CancellationError:
            self = .cancelled
        default:
            self = .plugin(error)
        }
    }
}

extension QuiverError: CustomStringConvertible, LocalizedError {
    /// A sentence naming what failed and, where known, the method, URL and status.
    public var description: String {
        switch self {
        case .invalidRequest(let reason):
            "Invalid request: \(reason). Nothing was sent."
        case .encoding(let error):
            "The request could not be encoded: \(error). Nothing was sent."
        case .statusCode(let response):
            "\(response.requestSummary) failed with status \(response.statusCode)"
                + (response.errorMessage.map { ": \($0)." } ?? ".")
        case .decoding(let error, let response):
            "\(response.requestSummary) answered \(response.statusCode), but the body did not decode: \(error)."
        case .transport(let error, let response):
            "\(Self.subject(of: error, response: response)) failed in the network: \(Self.describe(error))."
        case .timedOut:
            "The request timed out."
        case .cancelled:
            "The request was cancelled."
        case .plugin(let error):
            "A plugin refused the request: \(error)."
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }

    private static func subject(of error: any Error, response: Response?) -> String {
        if let response { return response.requestSummary }
        if let url = (error as? URLError)?.failingURL { return url.absoluteString }
        return "The request"
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? URLError {
            return "URLError \(error.code.rawValue) (\(error.localizedDescription))"
        }
        return "\(error)"
    }
}
