import Foundation
import OpenAPIRuntime
import PetStore
import PetStoreAPI
import Quiver
import QuiverOpenAPI
import QuiverTesting
import Testing

/// The generated client with no network: each operation's sample data, expectations on what it
/// sends, a bad network, and fixtures recorded from the live store.
struct OfflinePetStoreTests {
    private let server = URL(string: "https://pets.example.com")!

    @Test func stubbedOperationsAnswerWithTheirSampleData() async throws {
        let client = PetStore.client(serverURL: server, provider: Provider(stubClosure: Provider.immediatelyStub))
        let echo = try await client.getPet(path: .init(petId: "1")).ok.body.json
        #expect(echo.path == "/echo/pets/1")
        #expect(try await client.getStatus(path: .init(code: 200)).ok.body.json.status == 200)
    }

    @Test func theNetworkSeesWhatTheClientSends() async throws {
        let network = StubNetwork()
        network.expect(.post, "/echo/pets")
            .json(["name": "Rex"])
            .headers(["Authorization": "Bearer offline"])
            .respond(status: 200, json: ["method": "POST", "path": "/echo/pets", "query": "", "args": [:], "headers": [:],
                                         "bodyLength": 14])
        let provider = Provider<OpenAPIOperation>(transport: network, plugins: [AccessTokenPlugin { _ in "offline" }])
        let echo = try await PetStore.client(serverURL: server, provider: provider)
            .createPet(body: .json(.init(name: "Rex"))).ok.body.json
        try network.verify()
        #expect(echo.bodyLength == 14)
    }

    @Test func anOfflineNetworkIsAClientErrorThatCarriesTheQuiverError() async throws {
        let network = StubNetwork(conditions: .offline)
        network.expect(.get, "/status/200")
        let client = PetStore.client(serverURL: server, provider: Provider(transport: network))
        await #expect {
            _ = try await client.getStatus(path: .init(code: 200))
        } throws: { error in
            guard let error = error as? ClientError, let quiver = error.underlyingError as? QuiverError else { return false }
            return error.operationID == "getStatus" && quiver.isNetworkUnavailable
        }
    }

    @Test func aRecordedOperationReplaysWithItsTokenRedacted() async throws {
        let client = PetStore.client(serverURL: server, provider: replayingProvider())
        let echo = try await client.createPet(body: .json(.init(name: "Rex", tag: "dog"))).ok.body.json
        #expect(echo.method == "POST")
        #expect(echo.headers.additionalProperties["Authorization"] == "<redacted>")
        let file = try String(contentsOf: fixturesDirectory.appendingPathComponent("createPet.json"), encoding: .utf8)
        #expect(!file.contains("Bearer pet-token"))
    }

    @Test func aRecordedEventStreamReplaysEventByEvent() async throws {
        let client = PetStore.client(serverURL: server, provider: replayingProvider())
        let stream = try await client.watchPets(query: .init(events: 3, interval: 0.2)).ok.body.textEventStream
        var numbers: [Int] = []
        for try await event in stream.asDecodedServerSentEventsWithJSONData(of: Update.self) {
            numbers.append(try #require(event.data).n)
        }
        #expect(numbers == [0, 1, 2])
    }

    @Test func anOperationWithoutAFixtureFailsByName() async throws {
        let client = PetStore.client(serverURL: server, provider: replayingProvider())
        await #expect {
            _ = try await client.getFlaky(query: .init(key: "k"))
        } throws: { error in
            guard let error = error as? ClientError, case .transport(let cause, _) = error.underlyingError as? QuiverError,
                  case .missing(let url) = cause as? FixtureError else { return false }
            return url.lastPathComponent == "getFlaky.json"
        }
    }

    /// Answers from the fixtures recorded from the live store, streams with no pause.
    private func replayingProvider() -> Provider<OpenAPIOperation> {
        Provider(endpointClosure: Provider.replayingFixtures(from: fixturesDirectory, streamTimeScale: 0),
                 stubClosure: Provider.immediatelyStub)
    }
}
