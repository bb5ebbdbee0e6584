import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
@testable import QuiverAsyncHTTPClient

/// What only this transport has: who shuts its client down, and how AsyncHTTPClient's errors
/// become the `URLError`s every Quiver transport reports. Everything else is the shared
/// integration matrix (Integration/).
@Suite struct AsyncHTTPClientTransportTests {
    @Test func aTransportShutsDownTheClientItMade() async throws {
        let transport = AsyncHTTPClientTransport()
        try await transport.shutdown()
        let request = TransportRequest(url: try #require(URL(string: "http://127.0.0.1:9/never")))
        await #expect(throws: URLError.self) { try await transport.send(request) }
    }

    /// AsyncHTTPClient records a request's whole URL, query and all, in the spans of the tracer
    /// bootstrapped when its configuration is made (a no-op tracer when none was).
    @Test func theDefaultConfigurationLeavesTracingToQuiversRedactingPlugin() {
        #expect(HTTPClient.Configuration().tracing.tracer != nil)
        #expect(AsyncHTTPClientTransport.defaultConfiguration.tracing.tracer == nil)
    }

    @Test(.requiresHTTPBin) func aClientPassedInStaysTheCallersToShutDown() async throws {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup,
                                configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
        let transport = AsyncHTTPClientTransport(client: client)
        try await transport.shutdown()
        let provider = Provider<HTTPBin>(transport: transport)
        let response = try await provider.response(for: .get(.plain))
        #expect(response.statusCode == 200)
        try await client.shutdown()
    }

    @Test(.requiresFaultServer) func cancellingTheTaskEndsAStalledRequestAtOnce() async throws {
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared)
        let target = GenericTarget(baseURL: url(try #require(TestServers.fault), "/never-answers"), timeout: 30)
        let task = Task { await timed { await provider.result(for: target) } }
        try await Task.sleep(nanoseconds: 300_000_000)
        task.cancel()
        let (result, elapsed) = await task.value
        #expect(result.outcome == "cancelled")
        #expect(elapsed < 3, "ended \(elapsed) s after it started")
    }

    @Test(arguments: [
        (HTTPClientError.readTimeout, URLError.Code.timedOut),
        (.deadlineExceeded, .timedOut),
        (.connectTimeout, .timedOut),
        (.redirectLimitReached, .httpTooManyRedirects),
        (.remoteConnectionClosed, .networkConnectionLost),
        (.bodyLengthMismatch, .networkConnectionLost),
        (.invalidURL, .badURL),
    ])
    func anAsyncHTTPClientErrorBecomesTheURLErrorURLSessionWouldThrow(error: HTTPClientError, code: URLError.Code) {
        let translated = TransportFailure.translating(error)
        #expect((translated as? URLError)?.code == code, "\(translated)")
        #expect(((translated as? URLError)?.userInfo[NSUnderlyingErrorKey] as? HTTPClientError) == error)
    }

    @Test func aCancelledClientRequestIsACancellation() {
        #expect(TransportFailure.translating(HTTPClientError.cancelled) is CancellationError)
    }

    @Test func anErrorOfUnknownKindIsKeptAsItIs() {
        struct Unknown: Error {}
        #expect(TransportFailure.translating(Unknown()) is Unknown)
    }
}
