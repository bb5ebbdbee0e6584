import Foundation
import PetStore
import PetStoreAPI
import Quiver
import QuiverOpenAPI
import QuiverTesting
import Testing

/// Records the fixtures `OfflinePetStoreTests` replays, from the live store, when
/// `QUIVER_RECORD_FIXTURES=1` (`scripts/test-servers start DIR`, `source DIR/env`, then
/// `QUIVER_RECORD_FIXTURES=1 swift test --filter RecordingTests` here). Without it the test
/// checks that the committed fixtures are the ones this records: named by operation ID, token
/// redacted.
struct RecordingTests {
    private static let isRecording = ProcessInfo.processInfo.environment["QUIVER_RECORD_FIXTURES"] == "1"

    @Test(.enabled(if: isRecording, "records only with QUIVER_RECORD_FIXTURES=1"))
    func recordTheFixtures() async throws {
        let server = try #require(FaultServer.url)
        let recorder = RecordingPlugin(directory: fixturesDirectory, overwrites: true)
        let provider = Provider<OpenAPIOperation>(plugins: [AccessTokenPlugin { _ in "pet-token-recorded" }, recorder])
        let client = PetStore.client(serverURL: server, provider: provider)
        _ = try await client.createPet(body: .json(.init(name: "Rex", tag: "dog"))).ok.body.json
        let stream = try await client.watchPets(query: .init(events: 3, interval: 0.2)).ok.body.textEventStream
        for try await _ in stream {}
    }

    @Test func theCommittedFixturesAreNamedByOperationIDWithoutTheToken() throws {
        for name in ["createPet.json", "watchPets.json"] {
            let fixture = try Fixture(fileData: Data(contentsOf: fixturesDirectory.appendingPathComponent(name)))
            #expect(fixture.statusCode == 200)
            #expect(!String(decoding: fixture.body, as: UTF8.self).contains("pet-token-recorded"))
        }
    }
}
