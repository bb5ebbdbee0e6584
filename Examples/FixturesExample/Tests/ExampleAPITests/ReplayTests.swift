import ExampleAPI
import Foundation
import Quiver
import QuiverTesting
import Testing

/// The recorded responses in this target's `Fixtures/` folder, replayed from the generated code.
@Suite struct ReplayTests {
    private let offline = Provider<PetStore>(endpointClosure: Provider.replayingFixtures(Fixtures.all),
                                             stubClosure: Provider.immediatelyStub)

    @Test func aRecordedResponseReplaysWithItsStatusHeadersAndBody() async throws {
        let response = try await offline.response(for: .pet(id: 1))
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(response.value(forHTTPHeaderField: "X-Rate-Limit-Remaining") == "41")
        #expect(response.value(forHTTPHeaderField: "Set-Cookie") == "<redacted>")
        #expect(String(decoding: response.data, as: UTF8.self) == #"{"id":1,"name":"Rex","tags":["dog","recorded"]}"#)
        #expect(try response.decode(Pet.self) == Pet(id: 1, name: "Rex", tags: ["dog", "recorded"]))
    }

    @Test func aRecordedErrorStatusGoesThroughValidation() async {
        do {
            let response = try await offline.response(for: .pet(id: 2))
            Issue.record("expected a 404 rejected by validation, got \(response)")
        } catch .statusCode(let response) {
            #expect(response.statusCode == 404)
            #expect(response.data == Data("no pet 2".utf8))
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        } catch {
            Issue.record("expected a 404 rejected by validation, got \(error)")
        }
    }

    @Test func theGeneratedMembersAreTypedAndNamedAfterTheFiles() {
        #expect(Fixtures.getPets1.request == Fixture.Request(method: "GET", path: "/v1/pets/1"))
        #expect(Fixtures.getPets2.statusCode == 404)
        #expect(Fixtures.all.keys.sorted() == ["GET-pets-1.json", "GET-pets-2.json", "GET-pets-updates.json"])
        // A recorded stream keeps its pieces and their times.
        #expect(Fixtures.getPetsUpdates.chunks.map(\.time) == [0.012, 0.418, 0.805, 1.21])
        #expect(Fixtures.sampleData["GET-pets-2.json"] == Data("no pet 2".utf8))
        #expect(Fixtures.sampleData["empty.txt"] == Data())
    }

    @Test func aMissingFixtureFailsNamingTheFileItLookedFor() async {
        do {
            let response = try await offline.response(for: .pets)
            Issue.record("expected .transport(FixtureError.missing), got \(response)")
        } catch .transport(let cause as FixtureError, _) {
            guard case .missing(let file) = cause else {
                Issue.record("expected FixtureError.missing, got \(cause)")
                return
            }
            #expect(file.path == "GET-pets.json")
            #expect("\(cause)".contains("GET-pets.json"))
        } catch {
            Issue.record("expected .transport(FixtureError.missing), got \(error)")
        }
    }
}
