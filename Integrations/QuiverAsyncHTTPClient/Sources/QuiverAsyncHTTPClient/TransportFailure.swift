import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Quiver

/// Translates what AsyncHTTPClient and SwiftNIO throw into what `URLSession` throws for the same
/// failure, so that a ``Provider`` types every failure the same whichever transport it uses.
enum TransportFailure {
    /// `error` as `URLSessionTransport` would have reported it: `CancellationError` when the
    /// calling task was cancelled, a ``TLSError`` naming `host` for a failed TLS handshake, a
    /// `URLError` with the matching code (the original under `NSUnderlyingErrorKey`) otherwise.
    /// Errors of Quiver's own (a ``QuiverError`` of ``PooledConnectionWait``) and `URLError`s pass
    /// unchanged.
    static func translating(_ error: any Error, host: String? = nil) -> any Error {
        if error is CancellationError || error is URLError || error is TLSError || error is QuiverError {
            return error
        }
        if Task.isCancelled {
            return CancellationError()
        }
        if let reason = tlsReason(for: error) {
            let untrusted = reason == .untrustedCertificate || reason == .notPinned
            let code: URLError.Code = untrusted ? .serverCertificateUntrusted : .secureConnectionFailed
            return TLSError(host: host ?? "the server", reason: reason, urlError: URLError(code, userInfo: [NSUnderlyingErrorKey: error]))
        }
        guard let code = code(for: error) else { return error }
        if code == .cancelled {
            return CancellationError()
        }
        return URLError(code, userInfo: [NSUnderlyingErrorKey: error])
    }

    /// Whether `error` is a connection lost, or closed by the server, with the request
    /// unanswered (`URLError(.networkConnectionLost)` once translated).
    static func losesConnection(_ error: any Error) -> Bool {
        !(error is CancellationError) && !Task.isCancelled && code(for: error) == .networkConnectionLost
    }

    /// Why a TLS handshake failed, or `nil` when `error` is neither SwiftNIO SSL's nor a pin
    /// check's.
    private static func tlsReason(for error: any Error) -> TLSError.Reason? {
        if error is UnpinnedConnection {
            return .notPinned
        }
        if let error = error as? NIOSSLError {
            switch error {
            case .handshakeFailed(let cause):
                return "\(cause)".contains("CERTIFICATE_VERIFY_FAILED") ? .untrustedCertificate : .handshakeFailed
            case .unableToValidateCertificate, .noCertificateToValidate, .cannotMatchULabel:
                return .untrustedCertificate
            default:
                return .handshakeFailed
            }
        }
        if error is NIOSSLExtraError {
            return .untrustedCertificate   // the certificate is for another host
        }
        if error is BoringSSLError {
            return "\(error)".contains("CERTIFICATE_VERIFY_FAILED") ? .untrustedCertificate : .handshakeFailed
        }
        return nil
    }

    /// The `URLError` code for `error`, or `nil` to keep it as it is.
    private static func code(for error: any Error) -> URLError.Code? {
        if let error = error as? HTTPClientError {
            return code(for: error)
        }
        if error is HTTPParserError {
            return .badServerResponse
        }
        if let error = error as? IOError {
            return error.errnoCode == ECONNREFUSED ? .cannotConnectToHost : .networkConnectionLost
        }
        if error is NIOConnectionError {
            return .cannotConnectToHost
        }
        if error is ChannelError {
            return .networkConnectionLost
        }
        return nil
    }

    private static func code(for error: HTTPClientError) -> URLError.Code? {
        switch error {
        case .cancelled, .requestStreamCancelled:
            return .cancelled
        case .readTimeout, .writeTimeout, .deadlineExceeded, .connectTimeout, .tlsHandshakeTimeout,
             .getConnectionFromPoolTimeout:
            return .timedOut
        case .redirectLimitReached, .redirectCycleDetected:
            return .httpTooManyRedirects
        case .remoteConnectionClosed, .bodyLengthMismatch:
            return .networkConnectionLost
        case .invalidURL, .emptyHost, .emptyScheme:
            return .badURL
        case .alreadyShutdown:
            return .cannotConnectToHost
        case .identityCodingIncorrectlyPresent:
            return .badServerResponse
        default:
            return nil
        }
    }
}
