import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
@testable import QuiverAsyncHTTPClient

/// Requests queued for a connection of the client's pool, against the fault server: a pool of
/// one connection, a connect timeout of 1 s (AsyncHTTPClient's bound on the wait in its queue)
/// and `/delay` holding the connection for longer. The request's own timeout bounds its whole
/// wait, and one that gives up waiting says so.
@Suite struct PooledConnectionWaitTests {
    /// A configuration whose pool opens one connection to a host and whose connect timeout,
    /// the bound AsyncHTTPClient puts on a request's wait in its queue, is 1 s.
    private static var onePooledConnection: HTTPClient.Configuration {
        var configuration = AsyncHTTPClientTransport.defaultConfiguration
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 1
        configuration.timeout.connect = .seconds(1)
        return configuration
    }

    private func delay(_ seconds: Double, timeout: TimeInterval?) throws -> GenericTarget {
        let server = try #require(TestServers.fault)
        return GenericTarget(baseURL: url(server, "/delay", query: ["seconds": "\(seconds)"]), timeout: timeout)
    }

    /// Sends `target` `count` times at once; the outcomes in no particular order.
    private func concurrently(_ provider: Provider<GenericTarget>, _ target: GenericTarget,
                              count: Int) async -> [Result<Response, QuiverError>] {
        await withTaskGroup(of: Result<Response, QuiverError>.self) { group in
            for _ in 0..<count {
                group.addTask { await provider.result(for: target) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// The network failure of `result`, when it is one: its `URLError` and the description.
    private func networkFailure(_ result: Result<Response, QuiverError>) -> (URLError, String)? {
        guard case .failure(let error) = result, case .transport(let cause as URLError, nil) = error else { return nil }
        return (cause, error.description)
    }

    /// Before, the second and third requests failed after the connect timeout (1 s) with
    /// `.timedOut`, their own timeout of 20 s notwithstanding.
    @Test(.requiresFaultServer) func queuedRequestsWaitAsLongAsTheirOwnTimeout() async throws {
        let transport = AsyncHTTPClientTransport(configuration: Self.onePooledConnection)
        let provider = Provider<GenericTarget>(transport: transport)
        let (results, elapsed) = await timed {
            await concurrently(provider, try! delay(2.5, timeout: 20), count: 3)
        }
        try await transport.shutdown()
        #expect(results.map(\.outcome) == ["success", "success", "success"], "\(results)")
        // One after another on the one connection: 7.5 s, and less than the 20 s timeout.
        #expect(elapsed >= 7 && elapsed < 19, "took \(elapsed) s")
    }

    /// A client passed in is queued on the same way: the request's timeout bounds the wait.
    @Test(.requiresFaultServer) func aClientPassedInQueuesTheSameWay() async throws {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: Self.onePooledConnection)
        let provider = Provider<GenericTarget>(transport: AsyncHTTPClientTransport(client: client))
        let results = await concurrently(provider, try delay(2.5, timeout: 20), count: 2)
        try await client.shutdown()
        #expect(results.map(\.outcome) == ["success", "success"], "\(results)")
    }

    /// Before, it failed after 1 s, the connect timeout, as a plain `.timedOut`.
    @Test(.requiresFaultServer) func aRequestWhoseTimeoutPassesWhileQueuedSaysSo() async throws {
        let transport = AsyncHTTPClientTransport(configuration: Self.onePooledConnection)
        let provider = Provider<GenericTarget>(transport: transport)
        let holder = Task { await provider.result(for: try! delay(6, timeout: 30)) }
        try await Task.sleep(nanoseconds: 300_000_000)
        let (result, elapsed) = await timed { await provider.result(for: try! delay(0, timeout: 2.5)) }
        holder.cancel()
        _ = await holder.value
        try await transport.shutdown()

        let (cause, description) = try #require(networkFailure(result), "\(result)")
        #expect(cause.code == .timedOut)
        #expect((cause.userInfo[NSUnderlyingErrorKey] as? HTTPClientError) == .getConnectionFromPoolTimeout)
        #expect(description.contains("waited at least "), "\(description)")
        #expect(description.contains("for a connection of the client's pool (1 per host) and its timeout of 2.5 s passed"),
                "\(description)")
        #expect(description.contains("concurrentHTTP1ConnectionsPerHostSoftLimit"), "\(description)")
        #expect(description.hasPrefix("GET \(try delay(0, timeout: nil).baseURL.absoluteString) "), "\(description)")
        // Its own timeout ended it, long before the connection came free at 6 s.
        #expect(elapsed >= 2 && elapsed < 5.5, "ended after \(elapsed) s")
    }

    /// Without a timeout of its own, AsyncHTTPClient's bound stays: the connect timeout.
    @Test(.requiresFaultServer) func aRequestWithoutATimeoutGivesUpAtTheConnectTimeoutSayingWhatToSet() async throws {
        let transport = AsyncHTTPClientTransport(configuration: Self.onePooledConnection)
        let provider = Provider<GenericTarget>(transport: transport)
        let holder = Task { await provider.result(for: try! delay(4, timeout: 30)) }
        try await Task.sleep(nanoseconds: 300_000_000)
        let (result, elapsed) = await timed { await provider.result(for: try! delay(0, timeout: nil)) }
        _ = await holder.value
        try await transport.shutdown()

        let (cause, description) = try #require(networkFailure(result), "\(result)")
        #expect(cause.code == .timedOut)
        #expect(description.contains("no connection of the client's pool (1 per host) came free in the 1 s it waited"),
                "\(description)")
        #expect(description.contains("give the request a timeout"), "\(description)")
        #expect(elapsed >= 0.8 && elapsed < 3.5, "ended after \(elapsed) s")
    }

    @Test func theErrorOfAClientPassedInNamesNoPoolSize() throws {
        let wait = PooledConnectionWait(connectionsPerHost: nil)
        let error = wait.failure(waited: .milliseconds(10_040), timeout: 30, url: try #require(URL(string: "http://127.0.0.1/x")))
        guard case .transport(let cause as URLError, nil) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(cause.localizedDescription == """
            it waited at least 10 s for a connection of the client's pool and its timeout of 30 s passed: \
            raise the pool's size (connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit) or the request's timeout
            """)
        #expect(cause.failingURL?.absoluteString == "http://127.0.0.1/x")
    }
}
