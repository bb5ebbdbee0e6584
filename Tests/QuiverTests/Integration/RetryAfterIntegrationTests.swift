import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Issue 13, item 8: a `Retry-After` date in an obsolete form, sent by a real server, is honoured.
@Suite(.requiresFaultServer) struct RetryAfterIntegrationTests {
    @Test(arguments: ["rfc850", "asctime"])
    func anObsoleteRetryAfterDateIsWaitedFor(form: String) async throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = form == "rfc850" ? "EEEE, dd-MMM-yy HH:mm:ss 'GMT'" : "EEE MMM d HH:mm:ss yyyy"
        // Three seconds ahead, in whole seconds: the wait is between 2 and 3 s. Backoff alone
        // (10 ms here) would retry at once.
        let retryAt = formatter.string(from: Date().addingTimeInterval(3))
        let target = GenericTarget(baseURL: url(try #require(TestServers.fault), "/flaky", query: [
            "key": "retry-after-\(form)-\(UUID().uuidString)", "retry_after": retryAt,
        ]), timeout: 10)
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared, retryPolicy: RetryPolicy(baseDelay: 0.01, jitter: 0))
        let started = Date()
        let response = try await provider.response(for: target)
        let elapsed = Date().timeIntervalSince(started)
        #expect(response.value(forHTTPHeaderField: "X-Attempt") == "2")
        #expect(elapsed >= 1.5, "retried after \(elapsed) s, not at \(retryAt)")
        #expect(elapsed < 8)
    }
}
