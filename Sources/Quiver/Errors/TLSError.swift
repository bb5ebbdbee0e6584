import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A TLS handshake that failed: the server's certificate was not trusted, a ``TLSHooks`` hook
/// refused it, it matched none of the client's ``CertificatePins``, or the server wanted a
/// client certificate. It comes as
/// ``QuiverError/transport(_:_:)`` from ``URLSessionTransport`` and from `AsyncHTTPClientTransport`
/// (QuiverAsyncHTTPClient) alike, naming the host.
///
/// ```swift
/// if case .transport(let error as TLSError, _) = failure {
///     print("not trusted:", error.host)
/// }
/// ```
public struct TLSError: Error, Sendable, CustomStringConvertible {
    /// Why the handshake failed.
    public enum Reason: Sendable, Equatable {
        /// The system did not trust the server's certificate: self-signed, unknown authority,
        /// expired, not yet valid, or for another host.
        case untrustedCertificate
        /// A ``TLSHooks/serverTrust`` hook answered ``TLSAnswer/refuse``.
        case refusedByHook
        /// The server's certificate and public key match none of the client's
        /// ``CertificatePins``, or a client with pins was asked to connect without TLS.
        case notPinned
        /// The server asked for a client certificate, or rejected the one presented.
        case clientCertificate
        /// The secure connection failed for another reason (protocol versions, ciphers).
        case handshakeFailed
    }

    /// The host whose handshake failed.
    public let host: String
    /// Why it failed.
    public let reason: Reason
    /// The `URLError` the session reported, when there was one.
    public let urlError: URLError?

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - host: The host whose handshake failed.
    ///   - reason: Why it failed.
    ///   - urlError: The `URLError` the session reported, if any.
    public init(host: String, reason: Reason, urlError: URLError? = nil) {
        self.host = host
        self.reason = reason
        self.urlError = urlError
    }

    /// Names the host and the reason, for example "The TLS certificate of 127.0.0.1 is not
    /// trusted (URLError -1202)".
    public var description: String {
        let code = urlError.map { " (URLError \($0.code.rawValue))" } ?? ""
        return switch reason {
        case .untrustedCertificate: "The TLS certificate of \(host) is not trusted\(code)"
        case .refusedByHook: "The TLS certificate of \(host) was refused by the transport's serverTrust hook"
        case .notPinned: "The TLS certificate of \(host) matches none of the client's pins; nothing was sent "
            + "(a client with pins also refuses plain http)"
        case .clientCertificate: "\(host) asked for a client certificate, or rejected the one presented\(code)"
        case .handshakeFailed: "The TLS handshake with \(host) failed\(code)"
        }
    }

    /// The TLS error for `error`, a request to `url` failed with, or `nil` when it is not about TLS.
    ///
    /// - Parameter refusedByHook: Whether a hook refused the server (the session then reports
    ///   a cancellation); the error is then a refusal whatever `error` is.
    static func classifying(_ error: any Error, url: URL?, refusedByHook: Bool) -> TLSError? {
        var cause = error
        if case QuiverError.transport(let inner, nil) = error {
            // As the URLSession transport's exchange reports it.
            cause = inner
        }
        let host = url?.host ?? ((cause as? URLError)?.userInfo[NSURLErrorFailingURLErrorKey] as? URL)?.host ?? "the server"
        if refusedByHook {
            // The session reports the refusal as a cancellation, which the exchange may already
            // have turned into QuiverError.cancelled: the refusal is what ended the request.
            return TLSError(host: host, reason: .refusedByHook, urlError: cause as? URLError)
        }
        guard let urlError = cause as? URLError else { return nil }
        let reason: Reason
        switch urlError.code {
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
             .serverCertificateNotYetValid:
            reason = .untrustedCertificate
        case .clientCertificateRejected, .clientCertificateRequired:
            reason = .clientCertificate
        case .secureConnectionFailed:
            reason = .handshakeFailed
        case .unknown:
            // FoundationNetworking (6.3.1, measured) reports a certificate libcurl does not
            // trust as URLError -1 with libcurl's message ("SSL certificate problem:
            // self-signed certificate"), not as -1202.
            guard let reasonFromMessage = Self.reason(fromLibcurlMessage: urlError.localizedDescription) else { return nil }
            reason = reasonFromMessage
        default:
            return nil
        }
        return TLSError(host: host, reason: reason, urlError: urlError)
    }

    /// The reason libcurl's error message gives, or `nil` when it is not about TLS.
    static func reason(fromLibcurlMessage message: String) -> Reason? {
        if message.hasPrefix("SSL certificate problem") || message.contains("SSL: no alternative certificate subject name") {
            return .untrustedCertificate
        }
        if message.contains("SSL certificate") || message.contains("client certificate") {
            return .clientCertificate
        }
        return message.contains("SSL") || message.contains("TLS") ? .handshakeFailed : nil
    }
}
