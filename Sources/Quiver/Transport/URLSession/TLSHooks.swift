import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Hooks into the TLS handshakes of a ``URLSessionTransport``: whether to trust a server
/// (certificate or public-key pinning, a private certificate authority) and which client
/// certificate to present. What Moya users get by injecting an Alamofire `Session`.
///
/// ```swift
/// let pinned = TLSHooks(serverTrust: { space in
///     guard let trust = space.serverTrust, PinnedKeys.match(trust) else { return .refuse }
///     return .use(URLCredential(trust: trust))
/// })
/// let provider = Provider<API>(transport: URLSessionTransport(tls: pinned))
/// ```
///
/// Without hooks the system decides, as it does for plain `URLSession`. A server the system
/// does not trust, or one a hook refuses, fails the request with
/// ``QuiverError/transport(_:_:)`` carrying a ``TLSError`` that names the host.
///
/// **Apple platforms** deliver both challenges to the hooks. **Linux** does not:
/// FoundationNetworking (libcurl) verifies servers against the system's certificate store and
/// never asks, and it cannot present client certificates. There the hooks are never called; a
/// server with a self-signed or private-CA certificate is refused with a ``TLSError``, and is
/// trusted only once its certificate (or CA) is installed in the system store
/// (`/usr/local/share/ca-certificates` and `update-ca-certificates` on Debian and Ubuntu).
/// For trust roots, client certificates and ``CertificatePins`` on Linux, use
/// `AsyncHTTPClientTransport` (QuiverAsyncHTTPClient).
public struct TLSHooks: Sendable {
    /// Answers a challenge for the protection space it is handed (host, port, and on Apple
    /// platforms `serverTrust`).
    public typealias Hook = @Sendable (URLProtectionSpace) -> TLSAnswer

    /// Decides whether to trust a server; `nil` leaves it to the system. Apple platforms only.
    public var serverTrust: Hook?
    /// Chooses the client certificate to present when a server asks for one; `nil` presents
    /// none. Apple platforms only.
    public var clientCertificate: Hook?

    /// Creates the hooks.
    ///
    /// - Parameters:
    ///   - serverTrust: Decides whether to trust a server, with the protection space's
    ///     `serverTrust`: answer ``TLSAnswer/use(_:)`` with `URLCredential(trust:)` to trust it,
    ///     ``TLSAnswer/refuse`` to end the request. `nil` (the default) leaves it to the system.
    ///   - clientCertificate: Chooses a client certificate:
    ///     ``TLSAnswer/use(_:)`` with `URLCredential(identity:certificates:persistence:)`.
    ///     `nil` (the default) presents none.
    public init(serverTrust: Hook? = nil, clientCertificate: Hook? = nil) {
        self.serverTrust = serverTrust
        self.clientCertificate = clientCertificate
    }

    /// The hook's answer to `challenge`, or `nil` when no hook is for it.
    func answer(_ challenge: URLAuthenticationChallenge) -> TLSAnswer? {
        #if canImport(FoundationNetworking)
        // FoundationNetworking has neither challenge (their method names are unavailable there).
        return nil
        #else
        switch challenge.protectionSpace.authenticationMethod {
        case NSURLAuthenticationMethodServerTrust: return serverTrust?(challenge.protectionSpace)
        case NSURLAuthenticationMethodClientCertificate: return clientCertificate?(challenge.protectionSpace)
        default: return nil
        }
        #endif
    }
}
