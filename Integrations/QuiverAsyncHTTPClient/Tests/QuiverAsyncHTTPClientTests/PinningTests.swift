import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOSSL
@testable import Quiver
import QuiverAsyncHTTPClient
import Testing

/// TLS on Linux through AsyncHTTPClient, against the fault server's TLS port and its self-signed
/// certificate: a custom trust root, a client certificate, and certificate and public-key pins,
/// checked against the digests `openssl` computed (`scripts/test-servers`).
@Suite(.requiresTLSServer) struct PinningTests {
    private static let environment = ProcessInfo.processInfo.environment

    /// The server's certificate, the only trust root.
    private func trustingTheServer() throws -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        let file = try #require(Self.environment["QUIVER_FAULT_TLS_CERT"])
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(file))
        return tls
    }

    /// Runs `body` with a provider on a transport of its own with `configure`'s TLS settings,
    /// shut down afterwards.
    private func withProvider<T>(_ configure: (inout HTTPClient.Configuration) throws -> Void,
                                 _ body: (Provider<GenericTarget>) async throws -> T) async throws -> T {
        var configuration = AsyncHTTPClientTransport.defaultConfiguration
        try configure(&configuration)
        let transport = AsyncHTTPClientTransport(configuration: configuration)
        do {
            let result = try await body(Provider<GenericTarget>(transport: transport))
            try await transport.shutdown()
            return result
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }

    private func target(_ path: String, query: KeyValuePairs<String, String> = [:]) throws -> GenericTarget {
        GenericTarget(baseURL: url(try #require(TestServers.faultTLS), path, query: query), timeout: 10)
    }

    private func pin(_ variable: String) throws -> String {
        try #require(Self.environment[variable], "\(variable) is not set: run scripts/test-servers")
    }

    @Test func aCustomTrustRootTrustsTheSelfSignedServer() async throws {
        let body = try await withProvider({ $0.tlsConfiguration = try trustingTheServer() }) { provider in
            try await provider.response(for: try target("/ok")).data
        }
        #expect(String(decoding: body, as: UTF8.self) == "ok")
    }

    @Test func aClientCertificateIsPresentedToTheServer() async throws {
        struct Answer: Decodable { let commonName: String? }
        var tls = try trustingTheServer()
        let without = try await withProvider({ $0.tlsConfiguration = tls }) { provider in
            try await provider.decode(Answer.self, from: try target("/client-certificate"))
        }
        tls.certificateChain = try NIOSSLCertificate.fromPEMFile(try pin("QUIVER_FAULT_TLS_CLIENT_CERT")).map { .certificate($0) }
        tls.privateKey = .privateKey(try NIOSSLPrivateKey(file: try pin("QUIVER_FAULT_TLS_CLIENT_KEY"), format: .pem))
        let with = try await withProvider({ $0.tlsConfiguration = tls }) { provider in
            try await provider.decode(Answer.self, from: try target("/client-certificate"))
        }
        #expect(without.commonName == nil)
        #expect(with.commonName == "quiver-client")
    }

    @Test(arguments: [false, true])
    func thePinnedPublicKeyOrCertificateIsAccepted(pinningTheCertificate: Bool) async throws {
        let pins = pinningTheCertificate
            ? try CertificatePins(certificates: [try pin("QUIVER_FAULT_TLS_CERT_PIN")])
            : try CertificatePins(publicKeys: ["sha256/" + (try pin("QUIVER_FAULT_TLS_KEY_PIN"))])
        let body = try await withProvider({
            $0.tlsConfiguration = try trustingTheServer()
            $0.pin(pins)
        }) { provider in
            try await provider.response(for: try target("/ok")).data
        }
        #expect(String(decoding: body, as: UTF8.self) == "ok")
    }

    @Test func aWrongPinIsRefusedNamingTheHostAndNothingIsSent() async throws {
        // The first request /flaky sees fails with 503; only a request that reached it counts.
        let flaky = try target("/flaky", query: ["key": "pin-\(UUID().uuidString)", "failures": "1", "status": "503"])
        // A real digest, of the certificate, given as the key's: a pin that does not match.
        let wrong = try CertificatePins(publicKeys: [try pin("QUIVER_FAULT_TLS_CERT_PIN")])
        let refused = try await withProvider({
            $0.tlsConfiguration = try trustingTheServer()
            $0.pin(wrong)
        }) { provider in
            await provider.result(for: flaky)
        }
        guard case .failure(.transport(let error as TLSError, nil)) = refused else {
            Issue.record("expected a TLSError, got \(refused)")
            return
        }
        #expect(error.reason == .notPinned)
        #expect(error.host == "127.0.0.1")
        #expect(error.urlError?.code == .serverCertificateUntrusted)
        #expect(String(describing: refused.failure).contains("127.0.0.1"))

        let next = try await withProvider({ $0.tlsConfiguration = try trustingTheServer() }) { provider in
            await provider.result(for: flaky)
        }
        #expect(next.failure?.response?.statusCode == 503, "the refused request reached the server: \(next)")
    }

    @Test(.requiresFaultServer) func aPinnedClientRefusesPlainHTTP() async throws {
        let pins = try CertificatePins(publicKeys: [try pin("QUIVER_FAULT_TLS_KEY_PIN")])
        let result = try await withProvider({ $0.pin(pins) }) { provider in
            await provider.result(for: GenericTarget(baseURL: url(try #require(TestServers.fault), "/ok"), timeout: 10))
        }
        guard case .failure(.transport(let error as TLSError, nil)) = result else {
            Issue.record("expected a TLSError, got \(result)")
            return
        }
        #expect(error.reason == .notPinned)
    }

    @Test func aConnectionInitializerSetEarlierRunsAfterThePinCheck() async throws {
        let initialized = Locked(0)
        let pins = try CertificatePins(publicKeys: [try pin("QUIVER_FAULT_TLS_KEY_PIN")])
        let body = try await withProvider({
            $0.tlsConfiguration = try trustingTheServer()
            $0.http1_1ConnectionDebugInitializer = { channel in
                initialized.withLock { $0 += 1 }
                return channel.eventLoop.makeSucceededVoidFuture()
            }
            $0.pin(pins)
        }) { provider in
            try await provider.response(for: try target("/ok")).data
        }
        #expect(String(decoding: body, as: UTF8.self) == "ok")
        #expect(initialized.withLock { $0 } == 1)
    }
}
