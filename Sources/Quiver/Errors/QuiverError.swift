import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every way a request through a ``Provider`` can fail.
///
/// Each case is matched as usual (`if case .timedOut = error`, `case .statusCode(let response)`);
/// ``request`` gives the request as it was sent, for logging, for the failures that happened to a
/// request under way, and ``description`` names it ("GET https://api.example.com/users timed out
/// after 2 s").
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
    /// The request's timeout elapsed: `request` is the request that timed out and `after` the
    /// limit in seconds, when known. Match it as `case .timedOut:`; make one as `.timedOut()`.
    case timedOut(URLRequest? = nil, after: TimeInterval? = nil)
    /// The caller cancelled the Swift `Task` running the request (or the one a completion-handler
    /// call returned). `request` is the request that was cancelled, when it had been built.
    /// Match it as `case .cancelled:`; make one as `.cancelled()`.
    case cancelled(URLRequest? = nil)
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

    /// The request as it was sent (method, URL, headers), for logs: for a rejected status, a body
    /// that did not decode, a timeout, a cancellation of a request under way and a network
    /// failure reported as a `URLError`. `nil` when nothing was built (``invalidRequest(_:)``,
    /// ``encoding(_:)``), for a plugin's refusal (the request was not complete), and for an error
    /// of a transport's own type that came without a response.
    public var request: URLRequest? {
        switch self {
        case .statusCode(let response), .decoding(_, let response): response.request
        case .transport(let cause, let response): response?.request ?? (cause as? URLError)?.quiverRequest
        case .timedOut(let request, _), .cancelled(let request): request
        case .invalidRequest, .encoding, .plugin: nil
        }
    }

    /// Whether the network could not be reached at all: no connection, no route to the host, a
    /// host that does not resolve, a connection refused (CodyFire's `onNetworkUnavailable`).
    public var isNetworkUnavailable: Bool {
        guard case .transport(let cause, _) = self, let code = (cause as? URLError)?.code else { return false }
        return Self.unavailableCodes.contains(code)
    }

    /// Whether the request's timeout elapsed (CodyFire's `onTimeout`): ``timedOut(_:after:)``, or
    /// a ``transport(_:_:)`` whose cause is `URLError(.timedOut)`, as when a request gave up
    /// waiting for a pooled connection (its description says so).
    public var isTimeout: Bool {
        switch self {
        case .timedOut: true
        case .transport(let cause, _): (cause as? URLError)?.code == .timedOut
        default: false
        }
    }

    /// Whether the caller cancelled the request (CodyFire's `onCancellation`).
    public var isCancelled: Bool {
        if case .cancelled = self { true } else { false }
    }

    /// The `URLError` codes that mean the network could not be reached.
    private static let unavailableCodes: Set<URLError.Code> = [
        .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed,
        .networkConnectionLost, .internationalRoamingOff, .dataNotAllowed, .callIsActive,
    ]

    /// Wraps an error thrown by a transport (or a stub) in the matching case.
    ///
    /// `CancellationError` and `URLError(.cancelled)` become ``cancelled(_:)``,
    /// `URLError(.timedOut)` ``timedOut(_:after:)``, a ``QuiverError`` stays as it is, anything
    /// else is ``transport(_:_:)``.
    package init(transportError error: any Error, response: Response? = nil) {
        switch error {
        case let error as QuiverError:
            self = error
        case is CancellationError:
            self = .cancelled()
        case let error as URLError where error.code == .cancelled:
            self = .cancelled()
        case let error as URLError where error.code == .timedOut:
            self = .timedOut()
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
            self = .cancelled()
        default:
            self = .plugin(error)
        }
    }

    /// This error with `request` (and, for a timeout, `limit`) filled in where the error has
    /// room for them and does not name a request yet.
    func naming(_ request: URLRequest, limit: TimeInterval?) -> QuiverError {
        switch self {
        case .timedOut(nil, let after):
            .timedOut(request, after: after ?? limit)
        case .timedOut(let sent?, nil):
            .timedOut(sent, after: limit)
        case .cancelled(nil):
            .cancelled(request)
        case .transport(let cause as URLError, nil) where cause.quiverRequest == nil:
            .transport(cause.carrying(request), nil)
        default:
            self
        }
    }
}

extension URLError {
    /// The `userInfo` key under which Quiver keeps the request a failed exchange was for.
    private static let quiverRequestKey = "QuiverRequest"

    /// The request Quiver recorded on this error, if any.
    var quiverRequest: URLRequest? {
        userInfo[Self.quiverRequestKey] as? URLRequest
    }

    /// The same error (same code, same user info) that also names `request` and its URL.
    func carrying(_ request: URLRequest) -> URLError {
        var info = userInfo
        info[Self.quiverRequestKey] = request
        if info[NSURLErrorFailingURLErrorKey] == nil, let url = request.url {
            info[NSURLErrorFailingURLErrorKey] = url
        }
        return URLError(code, userInfo: info)
    }
}
