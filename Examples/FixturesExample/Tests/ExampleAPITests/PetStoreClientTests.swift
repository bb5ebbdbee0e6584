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

    @Test func noNetworkIsShownAsOffline() async {
        let client = PetStoreClient(token: "t", stubBehavior: .conditions(.offline))
        await #expect(throws: PetStoreClient.Failure.offline) {
            try await client.pets()
        }
    }
}
