import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The transport under test against the fault server's TLS port, whose certificate is self-signed.
@Suite(.requiresTLSServer) struct TLSIntegrationTests {
    private var target: GenericTarget {
        GenericTarget(baseURL: TestServers.faultTLS ?? TestServers.unconfigured, path: "ok")
    }

    /// The TLS error a result failed with.
    private func tlsError(_ result: Result<Response, QuiverError>) -> TLSError? {
        guard case .failure(.transport(let error as TLSError, _)) = result else { return nil }
        return error
    }

    // Issue 29: through AsyncHTTPClientTransport the failure was a raw NIOSSLError; both
    // transports type it as a TLSError naming the host.
    @Test func aSelfSignedServerIsRefusedByDefaultWithAnErrorNamingTheHost() async throws {
        let started = Date()
        let result = await Provider<GenericTarget>(transport: TransportUnderTest.shared).result(for: target)
        let error = try #require(tlsError(result), "expected a TLSError, got \(result)")
        #expect(error.host == "127.0.0.1")
        #expect(error.reason == .untrustedCertificate || error.reason == .handshakeFailed)
        #expect(String(describing: result.failure).contains("127.0.0.1"))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    #if canImport(FoundationNetworking)
    @Test(.onTheDefaultTransportOnly) func onLinuxTheHooksAreNeverAskedAndTheServerStaysRefused() async {
        let asked = Locked(0)
        let hooks = TLSHooks(serverTrust: { _ in
            asked.withLock { $0 += 1 }
            return .performDefaultHandling
        })
        let result = await Provider<GenericTarget>(transport: URLSessionTransport(tls: hooks)).result(for: target)
        #expect(tlsError(result)?.host == "127.0.0.1")
        #expect(asked.withLock { $0 } == 0)
    }
    #else
    @Test(.onTheDefaultTransportOnly) func aServerTrustHookCanTrustTheServer() async throws {
        let hooks = TLSHooks(serverTrust: { space in
            guard space.host == "127.0.0.1", let trust = space.serverTrust else { return .performDefaultHandling }
            return .use(URLCredential(trust: trust))
        })
        let response = try await Provider<GenericTarget>(transport: URLSessionTransport(tls: hooks)).response(for: target)
        #expect(String(decoding: response.data, as: UTF8.self) == "ok")
    }

    @Test(.onTheDefaultTransportOnly) func aServerTrustHookCanRefuseTheServer() async {
        let hooks = TLSHooks(serverTrust: { _ in .refuse })
        let result = await Provider<GenericTarget>(transport: URLSessionTransport(tls: hooks)).result(for: target)
        #expect(tlsError(result)?.reason == .refusedByHook)
    }
    #endif
}
