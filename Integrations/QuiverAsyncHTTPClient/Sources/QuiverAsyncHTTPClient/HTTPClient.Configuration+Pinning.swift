import AsyncHTTPClient
import NIOCore
import NIOSSL
import Quiver

extension HTTPClient.Configuration {
    /// Lets the client use a connection only when the server's certificate matches `pins`:
    /// certificate and public-key pinning, on Linux as on Apple platforms.
    ///
    /// ```swift
    /// var configuration = AsyncHTTPClientTransport.defaultConfiguration
    /// configuration.pin(try CertificatePins(publicKeys: ["CDAAqWUxccUl2u3ArLiyBIUJyjH+zjbGf5eudrZYQCM="]))
    /// let transport = AsyncHTTPClientTransport(configuration: configuration)
    /// ```
    ///
    /// Each new connection is checked once its TLS handshake is done and before any request is
    /// written to it: the server's own (leaf) certificate, or its public key, must be pinned. A
    /// connection that fails is closed, and its requests fail with ``TLSError`` (reason
    /// ``TLSError/Reason/notPinned``) naming the host; nothing was sent. The check comes on top of
    /// the client's certificate verification (`tlsConfiguration`), which still decides trust
    /// roots, host names and client certificates; for a self-signed server, make its certificate
    /// the trust root rather than turning verification off.
    ///
    /// The pins hold for every connection the client makes, and a plain `http` connection is
    /// refused: give a pinned upstream a transport of its own (on the same event loop group),
    /// and the others another. The check runs before any connection initializer set earlier.
    ///
    /// - Parameter pins: The certificates or public keys the client accepts.
    public mutating func pin(_ pins: CertificatePins) {
        let http1 = http1_1ConnectionDebugInitializer
        let http2 = http2ConnectionDebugInitializer
        http1_1ConnectionDebugInitializer = { channel in
            Self.check(channel, against: pins).flatMap { http1?(channel) ?? channel.eventLoop.makeSucceededVoidFuture() }
        }
        http2ConnectionDebugInitializer = { channel in
            Self.check(channel, against: pins).flatMap { http2?(channel) ?? channel.eventLoop.makeSucceededVoidFuture() }
        }
    }

    /// Succeeds when `channel`'s server presented a pinned certificate or key; otherwise closes
    /// the channel and fails with ``UnpinnedConnection``.
    private static func check(_ channel: any Channel, against pins: CertificatePins) -> EventLoopFuture<Void> {
        channel.pipeline.handler(type: NIOSSLHandler.self).flatMapThrowing { handler in
            guard let certificate = handler.peerCertificate,
                  pins.accepts(certificate: try certificate.toDERBytes(),
                               publicKey: try certificate.extractPublicKey().toSPKIBytes()) else {
                throw UnpinnedConnection()
            }
        }.flatMapErrorThrowing { _ in
            // No TLS handler (plain http), no certificate, or none pinned: never used.
            channel.close(promise: nil)
            throw UnpinnedConnection()
        }
    }
}

/// A connection refused by `HTTPClient.Configuration.pin(_:)`, which
/// ``TransportFailure/translating(_:host:)`` turns into a ``TLSError`` naming the request's host.
struct UnpinnedConnection: Error {}
