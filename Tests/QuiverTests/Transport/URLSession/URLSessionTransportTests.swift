import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The rules `URLSessionTransport` applies to a request before the session sends it.
@Suite struct URLSessionTransportTests {
    private let url = URL(string: "https://api.example.com/upload")!

    @Test func aLargeBodyOrAFileWaitsForContinueAndASmallOneDoesNot() {
        let threshold = URLSessionTransport.continueThreshold
        #expect(URLSessionTransport.awaitsContinue(TransportRequest(method: .post, url: url, body: .data(Data(count: threshold)))))
        #expect(URLSessionTransport.awaitsContinue(TransportRequest(method: .put, url: url, body: .file(URL(fileURLWithPath: "/tmp/a")))))
        #expect(!URLSessionTransport.awaitsContinue(TransportRequest(method: .post, url: url, body: .data(Data(count: threshold - 1)))))
        #expect(!URLSessionTransport.awaitsContinue(TransportRequest(url: url)))
    }

    /// Issue 48: making a `URLSessionConfiguration` on Linux creates folders in the user's home,
    /// so a provider that only answers from stubs must never make one.
    @Test func aStubbedProviderNeverMakesItsSession() async throws {
        let provider = Provider<GenericTarget>(stubClosure: { _ in .immediate })
        let transport = try #require(provider.transport as? URLSessionTransport)
        _ = try await provider.response(for: GenericTarget(baseURL: url, sampleData: Data("{}".utf8)))
        #expect(!transport.hasMadeSession)
    }

    @Test func theSessionIsMadeOnFirstUseFromTheConfigurationAsItWasPassed() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 17
        let transport = URLSessionTransport(configuration: configuration)
        configuration.timeoutIntervalForRequest = 99   // too late: the transport holds a copy
        #expect(!transport.hasMadeSession)
        #expect(transport.session.configuration.timeoutIntervalForRequest == 17)
        #expect(transport.hasMadeSession)
        #expect(transport.session === transport.session)
        #expect(transport.session.configuration.httpCookieStorage == nil)
    }

    @Test func theIdleTimeoutStaysAboveTheRequestsOwnDeadline() {
        #expect(URLSessionTransport.idleTimeout(60, under: nil) == 60)
        #expect(URLSessionTransport.idleTimeout(60, under: 0.5) == 60)
        #expect(URLSessionTransport.idleTimeout(1, under: 0.5) == 2)
        #expect(URLSessionTransport.idleTimeout(1, under: .infinity) == 365 * 86_400)
    }
}
