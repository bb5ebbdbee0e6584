import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct StubTests {
    @Test func anImmediateStubServesSampleDataWithoutTheTransport() async throws {
        let transport = RecordingTransport(.failure(TestError(reason: "must not be called")))
        let provider = Provider<ExampleAPI>(stubClosure: Provider.immediatelyStub, transport: transport)
        let user = try await provider.decode(User.self, from: .user(id: 9))
        #expect(user == User(id: 9, name: "Ada"))
        #expect(transport.requests.isEmpty)
    }

    @Test func stubbedRequestsRunPluginsAndValidationLikeLiveOnes() async {
        let log = HookLog()
        let provider = Provider<ExampleAPI>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target)
                    .replacing(sampleResponseClosure: { .networkResponse(404, target.sampleData) })
            },
            stubClosure: Provider.immediatelyStub,
            plugins: [HookRecorder("a", log: log)])
        let result = await provider.result(for: .missing)
        guard case .statusCode(let response) = result.failure else {
            Issue.record("expected .statusCode, got \(result)")
            return
        }
        #expect(response.statusCode == 404)
        #expect(response.request?.value(forHTTPHeaderField: "X-Plugins") == "a")
        #expect(log.entries == ["a.prepare", "a.willSend", "a.didReceive", "a.process"])
    }

    @Test func aStubbedInvalidRequestIsRefusedLikeALiveOne() async {
        let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub)
        let result = await provider.result(for: GenericTarget(baseURL: exampleBase, headers: ["X": "a\nb"]))
        guard case .invalidRequest = result.failure else {
            Issue.record("expected .invalidRequest, got \(result)")
            return
        }
    }

    @Test func aResponseStubKeepsItsHeaders() async throws {
        let url = exampleBase.appendingPathComponent("users/1")
        let http = try #require(HTTPURLResponse(url: url, statusCode: 201, httpVersion: "HTTP/1.1",
                                                headerFields: ["X-Rate-Limit": "10"]))
        let provider = Provider<ExampleAPI>(endpointClosure: { target in
            Provider.defaultEndpointMapping(for: target).replacing(sampleResponseClosure: { .response(http, Data("{}".utf8)) })
        }, stubClosure: Provider.immediatelyStub)
        let response = try await provider.response(for: .user(id: 1))
        #expect(response.statusCode == 201)
        #expect(response.value(forHTTPHeaderField: "x-rate-limit") == "10")
    }

    @Test(arguments: [
        (URLError(.notConnectedToInternet) as any Error, "transport"), (URLError(.timedOut), "timedOut"),
        (URLError(.cancelled), "cancelled"), (TestError(reason: "boom"), "transport"),
    ])
    func aNetworkErrorStubFailsLikeTheNetworkWould(error: any Error, expected: String) async {
        let provider = Provider<ExampleAPI>(endpointClosure: { target in
            Provider.defaultEndpointMapping(for: target).replacing(sampleResponseClosure: { .networkError(error) })
        }, stubClosure: Provider.immediatelyStub)
        switch await provider.result(for: .user(id: 1)).failure {
        case .transport(_, nil)?: #expect(expected == "transport")
        case .timedOut?: #expect(expected == "timedOut")
        case .cancelled?: #expect(expected == "cancelled")
        case let other: Issue.record("unexpected \(String(describing: other))")
        }
    }

    @Test func aDelayedStubAnswersAfterItsDelay() async throws {
        let provider = Provider<ExampleAPI>(stubClosure: Provider.delayedStub(0.3))
        let started = Date()
        _ = try await provider.response(for: .user(id: 1))
        #expect(Date().timeIntervalSince(started) >= 0.29)
    }

    /// However long the delay: one past what a `UInt64` of nanoseconds holds stopped the process.
    @Test(arguments: [30, 1e12, Double.infinity])
    func aDelayedStubIsCancellable(delay: Double) async {
        let provider = Provider<ExampleAPI>(stubClosure: Provider.delayedStub(delay))
        let started = Date()
        let task = Task { await provider.result(for: .user(id: 1)) }
        try? await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        guard case .cancelled = await task.value.failure else {
            Issue.record("expected .cancelled")
            return
        }
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aTimeoutShorterThanTheStubDelayTimesOut() async {
        let provider = Provider<GenericTarget>(stubClosure: Provider.delayedStub(30))
        let result = await provider.result(for: GenericTarget(baseURL: exampleBase, timeout: 0.1))
        guard case .timedOut = result.failure else {
            Issue.record("expected .timedOut, got \(result)")
            return
        }
    }

    @Test func theStubClosureDecidesPerTarget() async throws {
        let transport = RecordingTransport(.status(200, Data("live".utf8)))
        let provider = Provider<ExampleAPI>(stubClosure: { target in
            if case .user = target { .immediate } else { .never }
        }, transport: transport)
        #expect(try await provider.response(for: .user(id: 1)).data == ExampleAPI.user(id: 1).sampleData)
        #expect(try await provider.response(for: .search(query: "q", page: 1)).data == Data("live".utf8))
        #expect(transport.requests.count == 1)
    }

    @Test func stubHelpersReturnTheirBehaviour() {
        #expect(Provider<ExampleAPI>.neverStub(.missing) == .never)
        #expect(Provider<ExampleAPI>.immediatelyStub(.missing) == .immediate)
        #expect(Provider<ExampleAPI>.delayedStub(1.5)(.missing) == .delayed(seconds: 1.5))
    }
}
