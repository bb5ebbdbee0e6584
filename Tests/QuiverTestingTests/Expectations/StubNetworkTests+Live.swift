import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
@testable import QuiverTesting

// The network as live code meets it: retries and refresh, streams, its conditions, concurrency.
extension StubNetworkTests {
    @Test func retriesAndRefreshRunThroughTheNetworkAsLive() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/user", times: 2)
            .respond(status: 401)
            .respond(json: ["id": 1, "name": "Ada"])
        let refreshes = Locked(0)
        let auth = AuthenticationPlugin(credential: .init(accessToken: "old-token")) { _ in
            refreshes.withLock { $0 += 1 }
            return AuthenticationCredential(accessToken: "new-token")
        }
        #expect(try await provider(network, plugins: [auth]).decode(User.self, from: target("user")) == User(id: 1, name: "Ada"))
        #expect(refreshes.withLock { $0 } == 1)
        #expect(network.requests.map { $0.header("Authorization") } == ["Bearer old-token", "Bearer new-token"])
        try network.verify()
    }

    @Test func aStreamedAnswerArrivesEventByEvent() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/events")
            .respond(status: 200, headers: ["Content-Type": "text/event-stream"], body: Data("data: one\n\ndata: two\n\n".utf8))
        var received: [String] = []
        for try await event in provider(network).events(for: target("events")) {
            received.append(event.data)
        }
        #expect(received == ["one", "two"])
        try network.verify()
    }

    @Test func aRecordedStreamIsAnsweredInItsPiecesAtTheScaledTimes() async throws {
        let recorded = Fixture(request: .init(method: "GET", path: "/v2/events"), statusCode: 200,
                               headers: ["Content-Type": "text/event-stream"], body: Data("data: one\n\ndata: two\n\n".utf8),
                               chunks: [Fixture.Chunk(byteCount: 11, at: 0), Fixture.Chunk(byteCount: 11, at: 0.6)])
        let network = StubNetwork()
        network.expect(.get, "/v2/events").respond(with: recorded, streamTimeScale: 0.5)
        let start = DispatchTime.now().uptimeNanoseconds
        var chunks: [Data] = []
        for try await chunk in try await provider(network).stream(for: target("events")) {
            chunks.append(chunk)
        }
        #expect(chunks == [Data("data: one\n\n".utf8), Data("data: two\n\n".utf8)])
        #expect(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 >= 0.29)
        try network.verify()
    }

    @Test func theNetworksConditionsApplyToItsAnswers() async throws {
        let offline = StubNetwork(conditions: .offline)
        let user = offline.expect(.get, "/v2/user")
        let result = await provider(offline).result(for: target("user"))
        #expect(result.failure?.isNetworkUnavailable == true)
        #expect(user.count == 1)
        try offline.verify()

        let slow = StubNetwork(conditions: NetworkConditions(latency: 2).timeScaled(0.02))
        slow.expect(.get, "/v2/user").respond(json: ["id": 1])
        let clock = ContinuousClock()
        let start = clock.now
        _ = try await provider(slow).response(for: target("user"))
        #expect(clock.now - start >= .milliseconds(40))
    }

    @Test func concurrentRequestsAreEachMatchedOnce() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/users/*", times: 40).respond(json: ["id": 1, "name": "Ada"])
        let provider = provider(network)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 1...40 {
                group.addTask { _ = try await provider.response(for: self.target("users/\(id)")) }
            }
            try await group.waitForAll()
        }
        #expect(network.requests.count == 40)
        #expect(Set(network.requests.map(\.position)) == Set(1...40))
        try network.verify()
    }

    @Test func eachNetworkIsItsOwnUnderParallelTests() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let network = StubNetwork()
                    network.expect(.get, "/v2/users/\(index)").respond(json: ["id": .int(index), "name": "N"])
                    _ = try await self.provider(network).response(for: self.target("users/\(index)"))
                    try network.verify()
                    #expect(network.requests.map(\.path) == ["/v2/users/\(index)"])
                }
            }
            try await group.waitForAll()
        }
    }
}
