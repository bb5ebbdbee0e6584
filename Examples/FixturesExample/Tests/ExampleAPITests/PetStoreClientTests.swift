import ExampleAPI
import Foundation
import Quiver
import QuiverTesting
import Testing

/// The app's client, tested as an app team would: what it sends, and how it behaves when the
/// network is bad. Nothing here opens a socket.
@Suite struct PetStoreClientTests {
    private let rex = Pet(id: 1, name: "Rex", tags: ["dog"])

    @Test func adoptingSendsTheAdopterSignedWithTheToken() async throws {
        let network = StubNetwork()
        network.expect(.post, "/v1/pets/1/adoption")
            .headers(["Authorization": "Bearer t0ken-for-tests"])
            .json(["adopter": "Ada"])
            .respond(status: 201, json: ["status": "adopted"])

        try await PetStoreClient(token: "t0ken-for-tests", transport: network).adopt(rex, by: "Ada")

        try network.verify()
        #expect(network.requests.count == 1)
    }

    /// The client broken on purpose (it sends the pet's name where the adopter's belongs): the
    /// test fails, and its message says which request, which expectation, and what differed.
    @Test func aBrokenClientFailsWithAMessageThatSaysWhatDiffered() async throws {
        let network = StubNetwork()
        network.expect(.post, "/v1/pets/1/adoption").json(["adopter": "Ada"]).respond(status: 201)
        _ = try? await PetStoreClient(token: "t", transport: network).adopt(rex, by: rex.name)
        let error = #expect(throws: StubNetworkError.self) { try network.verify() }
        #expect(error?.description == """
            StubNetwork: 2 problems
            - POST /v1/pets/1/adoption (request 1) met no expectation: it failed, and reached no network.
              nearest: `POST /v1/pets/1/adoption` (declared at PetStoreClientTests.swift:29)
                json adopter: expected "Ada", sent "Rex"
            - `POST /v1/pets/1/adoption` (declared at PetStoreClientTests.swift:29) was met 0 times, expected once.
              nearest request: POST /v1/pets/1/adoption (request 1)
                json adopter: expected "Ada", sent "Rex"
            """)
    }

    @Test func aRefusedAdoptionReachesTheAppAsRefused() async throws {
        let network = StubNetwork()
        network.expect(.post, "/v1/pets/*/adoption").respond(status: 409, json: ["error": "taken"])
        await #expect(throws: PetStoreClient.Failure.refused(status: 409)) {
            try await PetStoreClient(token: "t", transport: network).adopt(rex, by: "Grace")
        }
        try network.verify()
    }

    @Test func theListSurvivesAFlakyNetwork() async throws {
        // Seeded: these failures, in this order, on every run; a hundredth of real time.
        let flaky = NetworkConditions(latency: 0.3, jitter: 0.2, failureRate: 0.3,
                                      failures: [.connectionLost, .timeout], dropRate: 0.1, seed: 7)
        let client = PetStoreClient(token: "t", stubBehavior: .conditions(flaky.timeScaled(0.01)))
        let pets = try await client.pets()
        #expect(pets.map(\.name) == ["Rex", "Tom"])
    }

    @Test func updatesArriveOneByOneAtTheRecordedPace() async throws {
        // The feed in the form RecordingPlugin records streams (Fixtures/GET-pets-updates.json),
        // embedded by the QuiverFixtures plugin, replayed five times faster than it was recorded.
        let network = StubNetwork()
        network.expect(.get, "/v1/pets/updates").respond(with: Fixtures.getPetsUpdates, streamTimeScale: 0.2)
        let start = ContinuousClock.now
        var arrivals: [(update: PetUpdate, after: Duration)] = []
        try await PetStoreClient(token: "t", transport: network).followUpdates { update in
            arrivals.append((update, ContinuousClock.now - start))
        }
        #expect(arrivals.map(\.update) == [PetUpdate(pet: 1, status: "adopted"), PetUpdate(pet: 2, status: "vaccinated"),
                                           PetUpdate(pet: 3, status: "available")])
        // Each came when the store sent it, scaled (0.805 s and 1.21 s recorded): never sooner.
        #expect(arrivals[1].after >= .milliseconds(150))
        #expect(arrivals[2].after >= .milliseconds(230))
        try network.verify()
    }

    @Test func aFeedCutHalfwayKeepsWhatArrivedThenShowsOffline() async {
        // Every connection drops halfway through its body.
        let network = StubNetwork(conditions: NetworkConditions(dropRate: 1, seed: 3))
        network.expect(.get, "/v1/pets/updates").respond(with: Fixtures.getPetsUpdates, streamTimeScale: 0)
        var shown: [Int] = []
        await #expect(throws: PetStoreClient.Failure.offline) {
            try await PetStoreClient(token: "t", transport: network).followUpdates { shown.append($0.pet) }
        }
        #expect(shown == [1])
    }

    @Test func noNetworkIsShownAsOffline() async {
        let client = PetStoreClient(token: "t", stubBehavior: .conditions(.offline))
        await #expect(throws: PetStoreClient.Failure.offline) {
            try await client.pets()
        }
    }
}
