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

    @Test func theIdleTimeoutStaysAboveTheRequestsOwnDeadline() {
        #expect(URLSessionTransport.idleTimeout(60, under: nil) == 60)
        #expect(URLSessionTransport.idleTimeout(60, under: 0.5) == 60)
        #expect(URLSessionTransport.idleTimeout(1, under: 0.5) == 2)
        #expect(URLSessionTransport.idleTimeout(1, under: .infinity) == 365 * 86_400)
    }
}
