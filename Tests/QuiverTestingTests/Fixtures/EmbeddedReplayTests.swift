import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver
@testable import QuiverTesting

/// `Provider.replayingFixtures(_:)`: fixtures held in memory (as the QuiverFixtures plugin
/// generates them), served like fixture files.
@Suite struct EmbeddedReplayTests {
    private let user7 = Fixture(request: .init(method: "GET", path: "/users/7"), statusCode: 200,
                                headers: ["Content-Type": "application/json", "X-Rate-Limit": "10"],
                                body: Data(#"{"id":7,"name":"Ada"}"#.utf8))

    private func offline(_ fixtures: [String: Fixture]) -> Provider<ExampleAPI> {
        Provider<ExampleAPI>(endpointClosure: Provider.replayingFixtures(fixtures), stubClosure: Provider.immediatelyStub,
                             transport: RecordingTransport(.failure(TestError(reason: "offline"))))
    }

    @Test func anEmbeddedFixtureReplaysItsStatusHeadersAndBody() async throws {
        let response = try await offline(["GET-users-7.json": user7]).response(for: .user(id: 7))
        #expect(response.statusCode == 200)
        #expect(response.data == user7.body)
        #expect(response.value(forHTTPHeaderField: "X-Rate-Limit") == "10")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(try response.decode(User.self) == User(id: 7, name: "Ada"))
    }

    @Test func aMissingEmbeddedFixtureFailsNamingTheFile() async {
        guard case .transport(let cause, _)? = await offline(["GET-users-7.json": user7]).result(for: .user(id: 3)).failure,
              case .missing(let file) = cause as? FixtureError else {
            Issue.record("expected .transport(FixtureError.missing)")
            return
        }
        #expect(file.path == "GET-users-3.json")
        #expect("\(cause)".contains("No fixture at GET-users-3.json"))
    }

    @Test func embeddedAndDirectoryReplaysAnswerAlike() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let rejected = Fixture(request: .init(method: "GET", path: "/missing"), statusCode: 404, headers: ["A": "b"], body: Data("gone".utf8))
        let fixtures = ["GET-users-7.json": user7, "GET-missing.json": rejected]
        for (name, fixture) in fixtures {
            try FixtureFiles.write(fixture, to: folder.url.appendingPathComponent(name), overwriting: false)
        }
        let fromFiles = Provider<ExampleAPI>(endpointClosure: Provider.replayingFixtures(from: folder.url), stubClosure: Provider.immediatelyStub)
        for target in [ExampleAPI.user(id: 7), .missing] {
            let embedded = try #require(await offline(fixtures).result(for: target).anyResponse)
            let read = try #require(await fromFiles.result(for: target).anyResponse)
            #expect(embedded.statusCode == read.statusCode)
            #expect(embedded.data == read.data)
            #expect(embedded.response?.allHeaderFields as? [String: String] == read.response?.allHeaderFields as? [String: String])
        }
    }

    @Test func targetsNamingTheirFixturesAndMultiTargetsAreLookedUpByThatName() async throws {
        let fixtures = ["profile.json": user7]
        let named = try await Provider<NamedFixtureTarget>(endpointClosure: Provider.replayingFixtures(fixtures),
                                                           stubClosure: Provider.immediatelyStub).response(for: NamedFixtureTarget())
        #expect(named.data == user7.body)
        let multi = try await Provider<MultiTarget>(endpointClosure: Provider.replayingFixtures(["GET-users-7.json": user7]),
                                                    stubClosure: Provider.immediatelyStub).response(for: MultiTarget(ExampleAPI.user(id: 7)))
        #expect(multi.statusCode == 200)
    }

    @Test func replayedFixturesCrossNetworkConditionsToo() async throws {
        let slow = NetworkConditions(latency: 2).timeScaled(0.02)
        let provider = Provider<ExampleAPI>(endpointClosure: Provider.replayingFixtures(["GET-users-7.json": user7]),
                                            stubClosure: { _ in .conditions(slow) })
        let clock = ContinuousClock()
        let start = clock.now
        let replayed = try await provider.response(for: .user(id: 7))
        #expect(replayed.data == user7.body)
        #expect(clock.now - start >= .milliseconds(40))
        let offline = Provider<ExampleAPI>(endpointClosure: Provider.replayingFixtures(["GET-users-7.json": user7]),
                                           stubClosure: { _ in .conditions(.offline) })
        #expect(await offline.result(for: .user(id: 7)).failure?.isNetworkUnavailable == true)
    }

    @Test func theEndpointMappingIsKept() async throws {
        let mapping: Provider<ExampleAPI>.EndpointClosure = { target in
            Provider.defaultEndpointMapping(for: target).adding(newHTTPHeaderFields: ["X-Client": "tests"])
        }
        let script = Locked([String?]())
        let probe = ProbePlugin { request in script.withLock { $0.append(request.value(forHTTPHeaderField: "X-Client")) } }
        let provider = Provider<ExampleAPI>(endpointClosure: Provider.replayingFixtures(["GET-users-7.json": user7], mapping: mapping),
                                            stubClosure: Provider.immediatelyStub, plugins: [probe])
        _ = try await provider.response(for: .user(id: 7))
        #expect(script.withLock { $0 } == ["tests"])
    }
}

private extension Result where Success == Response, Failure == QuiverError {
    /// The response, whether validation passed it or not.
    var anyResponse: Response? { (try? get()) ?? failure?.response }
}

/// Sees each request as it is sent.
private struct ProbePlugin: PluginType {
    let seen: @Sendable (URLRequest) -> Void
    func willSend(_ request: URLRequest, target: any TargetType) { seen(request) }
}
