import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Which session errors are TLS failures, and how they read.
@Suite struct TLSErrorTests {
    private let url = URL(string: "https://api.example.com/users")

    @Test(arguments: [(URLError.Code.serverCertificateUntrusted, TLSError.Reason.untrustedCertificate),
                      (.serverCertificateHasBadDate, .untrustedCertificate),
                      (.serverCertificateHasUnknownRoot, .untrustedCertificate),
                      (.clientCertificateRequired, .clientCertificate),
                      (.secureConnectionFailed, .handshakeFailed)])
    func certificateErrorsBecomeTLSErrorsNamingTheHost(code: URLError.Code, reason: TLSError.Reason) throws {
        let error = try #require(TLSError.classifying(URLError(code), url: url, refusedByHook: false))
        #expect(error.host == "api.example.com")
        #expect(error.reason == reason)
        #expect(error.description.contains("api.example.com"))
        #expect(error.description.contains("\(code.rawValue)"))
    }

    @Test func otherErrorsAreNotTLSErrorsUnlessAHookRefused() {
        #expect(TLSError.classifying(URLError(.timedOut), url: url, refusedByHook: false) == nil)
        #expect(TLSError.classifying(CancellationError(), url: url, refusedByHook: false) == nil)
        #expect(TLSError.classifying(QuiverError.cancelled(), url: url, refusedByHook: true)?.reason == .refusedByHook)
        #expect(TLSError.classifying(URLError(.cancelled), url: url, refusedByHook: true)?.reason == .refusedByHook)
        #expect(TLSError.classifying(QuiverError.transport(URLError(.serverCertificateUntrusted), nil), url: url,
                                     refusedByHook: false)?.reason == .untrustedCertificate)
    }

    @Test func libcurlsMessagesOnLinuxAreClassifiedToo() throws {
        let untrusted = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "SSL certificate problem: self-signed certificate"])
        #expect(TLSError.classifying(untrusted, url: url, refusedByHook: false)?.reason == .untrustedCertificate)
        let other = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "Failure when receiving data from the peer"])
        #expect(TLSError.classifying(other, url: url, refusedByHook: false) == nil)
        #expect(TLSError.reason(fromLibcurlMessage: "OpenSSL SSL_connect: SSL_ERROR_SYSCALL") == .handshakeFailed)
    }
}
