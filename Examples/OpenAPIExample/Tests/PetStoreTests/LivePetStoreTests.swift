import Foundation
import OpenAPIRuntime
import PetStore
import PetStoreAPI
import Quiver
import QuiverOpenAPI
import Testing

/// The generated client against the live store (the test run's fault server), through Quiver
/// with a token, a logger and retry.
@Suite(.enabled(if: FaultServer.isAvailableOrRequired, "needs the test run's fault server (QUIVER_FAULT_URL)"))
struct LivePetStoreTests {
    private let token = "pet-token-\(UUID().uuidString)"
    private let log = LogLines()

    private func client() throws -> Client {
        let token = token
        return PetStore.client(serverURL: try #require(FaultServer.url),
                               provider: PetStore.liveProvider(token: { token }, log: log.append))
    }

    @Test func pathQueryAndHeaderParametersArriveAsTheDocumentSaysAndNoToken() async throws {
        let echo = try await client().getPet(path: .init(petId: "7 & 8"), query: .init(fields: ["name", "tag"]),
                                             headers: .init(xRequestTag: "t1")).ok.body.json
        #expect(echo.path == "/echo/pets/7%20%26%208")
        #expect(echo.args.additionalProperties["fields"] == ["name", "tag"])
        #expect(echo.headers.additionalProperties["X-Request-Tag"] == "t1")
        #expect(echo.headers.additionalProperties["Authorization"] == nil)
    }

    @Test func aPathParameterIsOneSegmentWhateverItHolds() async throws {
        let echo = try await client().getPet(path: .init(petId: "../admin/x?y#z")).ok.body.json
        #expect(echo.path == "/echo/pets/..%2Fadmin%2Fx%3Fy%23z")
        #expect(echo.query == "")
    }

    @Test func aJSONBodyIsSentWithTheTokenThatNoLogLineShows() async throws {
        let echo = try await client().createPet(body: .json(.init(name: "Rex", tag: "dog"))).ok.body.json
        #expect(echo.method == "POST")
        #expect(echo.headers.additionalProperties["Content-Type"] == "application/json; charset=utf-8")
        #expect(echo.headers.additionalProperties["Authorization"] == "Bearer \(token)")
        let sent = try JSONDecoder().decode([String: String].self, from: Data((echo.body ?? "").utf8))
        #expect(sent == ["name": "Rex", "tag": "dog"])
        #expect(log.all.contains { $0.contains("createPet") || $0.contains("/echo/pets") })
        #expect(!log.all.contains { $0.contains(token) })
    }

    @Test func aMultipartFormKeepsItsPartsAndTheirTypes() async throws {
        let echo = try await client().uploadPhoto(body: .multipartForm([
            .caption(.init(payload: .init(body: "A good dog"))),
            .photo(.init(payload: .init(body: HTTPBody("PNG-BYTES")), filename: "rex.png")),
        ])).ok.body.json
        let contentType = try #require(echo.headers.additionalProperties["Content-Type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let body = try #require(echo.body)
        #expect(body.contains(#"content-disposition: form-data; name="caption""#))
        #expect(body.contains("A good dog"))
        #expect(body.contains(#"content-disposition: form-data; filename="rex.png"; name="photo""#))
        #expect(body.contains("content-type: image/png"))
        #expect(body.contains("PNG-BYTES"))
        #expect(echo.headers.additionalProperties["Authorization"] == "Bearer \(token)")
    }

    @Test func aLargeArchiveStreamsUpAndDown() async throws {
        let count = 8 << 20
        let up = try await client().uploadArchive(body: .binary(HTTPBody(Data(repeating: 7, count: count)))).ok.body.json
        #expect(up.bytes == count)
        let down = try await client().downloadArchive(query: .init(bytes: count)).ok.body.binary
        var received = 0
        var intact = true
        for try await chunk in down {
            for byte in chunk {
                intact = intact && byte == UInt8(received % 251)
                received += 1
            }
        }
        #expect(received == count)
        #expect(intact)
    }

    @Test func serverSentEventsDecodeAsTheyArrive() async throws {
        let stream = try await client().watchPets(query: .init(events: 3, interval: 0.2)).ok.body.textEventStream
        var numbers: [Int] = []
        for try await event in stream.asDecodedServerSentEventsWithJSONData(of: Update.self) {
            numbers.append(try #require(event.data).n)
        }
        #expect(numbers == [0, 1, 2])
    }

    @Test func aServiceUnavailableIsRetriedByQuiver() async throws {
        let attempt = try await client().getFlaky(query: .init(key: UUID().uuidString, failures: 2)).ok.body.json
        #expect(attempt.attempt == 3)
    }

    @Test func documentedAndUndocumentedErrorsDecodeTheirSchema() async throws {
        let notFound = try await client().getStatus(path: .init(code: 404)).notFound.body.json
        #expect(notFound.status == 404)
        guard case .default(let statusCode, let problem) = try await client().getStatus(path: .init(code: 418)) else {
            Issue.record("418 is the default response")
            return
        }
        #expect(statusCode == 418)
        #expect(try problem.body.json.status == 418)
    }

    @Test func aNetworkFailureIsAClientErrorThatCarriesTheQuiverError() async throws {
        // Port 9 (discard) on loopback: nothing listens there.
        let client = PetStore.client(serverURL: URL(string: "http://127.0.0.1:9")!, provider: Provider())
        await #expect {
            _ = try await client.getPet(path: .init(petId: "1"))
        } throws: { error in
            guard let error = error as? ClientError, case .transport = error.underlyingError as? QuiverError else { return false }
            return error.operationID == "getPet"
        }
    }
}

/// One event of `watchPets`.
struct Update: Decodable, Hashable, Sendable {
    let n: Int
}
