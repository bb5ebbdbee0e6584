import Foundation

/// The certificates or public keys a client accepts from a server: TLS pinning.
///
/// A pin is the base64 SHA-256 digest of a server's public key (its DER
/// `SubjectPublicKeyInfo`, the `sha256/…` pins of HPKP and OkHttp) or of its whole DER
/// certificate. A key pin survives a renewed certificate with the same key; a certificate pin
/// does not. Give a second, backup pin for the key you will move to.
///
/// ```swift
/// let pins = try CertificatePins(publicKeys: ["CDAAqWUxccUl2u3ArLiyBIUJyjH+zjbGf5eudrZYQCM="])
/// ```
///
/// Make a key pin with OpenSSL:
/// `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
///
/// **AsyncHTTPClient** (QuiverAsyncHTTPClient, Linux and Apple platforms): pin every connection
/// of a client with `HTTPClient.Configuration.pin(_:)`. **URLSession on Apple platforms**: check
/// the server's certificate with ``accepts(certificate:publicKey:)`` in a
/// ``TLSHooks/serverTrust`` hook; certificate pins are the simpler there, since
/// `SecCertificateCopyData` gives the DER certificate while Security gives a key without its
/// `SubjectPublicKeyInfo` header. URLSession on Linux cannot pin (see ``TLSHooks``).
public struct CertificatePins: Sendable, Hashable {
    /// A pin that is not the base64 SHA-256 digest it should be.
    public struct InvalidPin: Error, Sendable, CustomStringConvertible {
        /// The pin as it was given, or `nil` when no pin was given at all.
        public let pin: String?

        /// Names the pin (or says none was given) and what a pin looks like.
        public var description: String {
            (pin.map { "\"\($0)\" is not a pin" } ?? "No pin was given")
                + ": give the base64 SHA-256 digest of a public key or certificate "
                + "(44 characters ending in \"=\"; a \"sha256/\" prefix is allowed)"
        }
    }

    /// The SHA-256 digests of the accepted public keys (`SubjectPublicKeyInfo`, DER).
    private let publicKeyDigests: Set<Data>
    /// The SHA-256 digests of the accepted certificates (DER).
    private let certificateDigests: Set<Data>

    /// Creates the pins.
    ///
    /// - Parameters:
    ///   - publicKeys: Base64 SHA-256 digests of the accepted public keys' DER
    ///     `SubjectPublicKeyInfo`, each with or without a `sha256/` prefix.
    ///   - certificates: Base64 SHA-256 digests of the accepted DER certificates.
    /// - Throws: ``InvalidPin`` for a pin that is not a base64 SHA-256 digest, and for no pin at
    ///   all (a set that accepts nothing would refuse every server).
    public init(publicKeys: [String] = [], certificates: [String] = []) throws(InvalidPin) {
        publicKeyDigests = try Self.digests(publicKeys)
        certificateDigests = try Self.digests(certificates)
        guard !publicKeyDigests.isEmpty || !certificateDigests.isEmpty else {
            throw InvalidPin(pin: nil)
        }
    }

    /// Whether a server presenting this certificate, with this public key, is accepted: its key's
    /// digest or its certificate's is pinned.
    ///
    /// - Parameters:
    ///   - certificate: The server's certificate, DER.
    ///   - publicKey: Its public key as DER `SubjectPublicKeyInfo`.
    public func accepts(certificate: some Collection<UInt8>, publicKey: some Collection<UInt8>) -> Bool {
        (!publicKeyDigests.isEmpty && publicKeyDigests.contains(Data(SHA256.hash(publicKey))))
            || (!certificateDigests.isEmpty && certificateDigests.contains(Data(SHA256.hash(certificate))))
    }

    /// The digests `pins` spell, each checked.
    private static func digests(_ pins: [String]) throws(InvalidPin) -> Set<Data> {
        var digests: Set<Data> = []
        for pin in pins {
            let base64 = pin.hasPrefix("sha256/") ? String(pin.dropFirst(7)) : pin
            guard let digest = Data(base64Encoded: base64), digest.count == 32 else {
                throw InvalidPin(pin: pin)
            }
            digests.insert(digest)
        }
        return digests
    }
}
