import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import OpenAPIRuntime
import Quiver
import QuiverOpenAPI
import QuiverTesting
import Testing

/// The transport without a network: what it sends for each kind of body, what it hands back, and
/// how it fails.
struct QuiverClientTransportTests {
    private let server = URL(string: "https://api.example.com/v1")!

    @Test func theOperationKeepsTheClientsPathQueryAndHeaderFields() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v1/pets/a%20b").respond(status: 200, body: Data("{}".utf8))
        let transport = QuiverClientTransport(provider: Provider(transport: network))
        let request = HTTPRequest.operation(.get, "/pets/a%20b?tags=x%2Cy&limit=2",
                                            [("Accept", "application/json"), ("X-Tag", "one"), ("x-tag", "two"),
                                             ("Cookie", "a=1"), ("Cookie", "b=2")])
        let (response, body) = try await transport.send(request, body: nil, baseURL: server, operationID: "getPet")
        try network.verify()
        let sent = try #require(network.requests.first)
        #expect(sent.url.absoluteString == "https://api.example.com/v1/pets/a%20b?tags=x%2Cy&limit=2")
        #expect(sent.header("X-Tag") == "one, two")
        #expect(sent.header("Cookie") == "a=1; b=2")
        #expect(response.status == .ok)
        #expect(try await body.collected() == Data("{}".utf8))
    }

    @Test func aDotSegmentFromAPathParameterIsRefusedAndNothingIsSent() async throws {
        let network = StubNetwork()
        let transport = QuiverClientTransport(provider: Provider(transport: network))
        await #expect {
            _ = try await transport.send(.operation(.get, "/pets/../admin"), body: nil, baseURL: server, operationID: "getPet")
        } throws: { error in
            guard case .invalidRequest = error as? QuiverError else { return false }
            return true
        }
        #expect(network.requests.isEmpty)
    }

    @Test func anEscapedSlashInAPathParameterStaysOneSegment() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v1/pets/*")
        let transport = QuiverClientTransport(provider: Provider(transport: network))
        _ = try await transport.send(.operation(.get, "/pets/a%2Fb"), body: nil, baseURL: server, operationID: "getPet")
        try network.verify()
        #expect(network.requests.first?.url.absoluteString == "https://api.example.com/v1/pets/a%2Fb")
    }

    @Test func aQueryJoinsTheServerURLsOwn() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v1/pets")
        let transport = QuiverClientTransport(provider: Provider(transport: network))
        let server = URL(string: "https://api.example.com/v1?key=k")!
        _ = try await transport.send(.operation(.get, "/pets?limit=2"), body: nil, baseURL: server, operationID: "listPets")
        #expect(network.requests.first?.url.absoluteString == "https://api.example.com/v1/pets?key=k&limit=2")
    }

    @Test func aSmallBodyIsSentFromMemoryWithTheClientsContentType() async throws {
        let script = StubScript { _, _ in .networkResponse(200, Data()) }
        let transport = QuiverClientTransport(provider: Provider(transport: script))
        let json = Data(#"{"name":"Rex"}"#.utf8)
        let (_, body) = try await transport.send(.operation(.post, "/pets", [("Content-Type", "application/json; charset=utf-8")]),
                                                 body: HTTPBody(json), baseURL: server, operationID: "createPet")
        let sent = try #require(script.requests.first)
        #expect(sent.body == .data(json))
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        #expect(body == nil)
    }

    @Test func aBodyPastTheMemoryLimitIsSentFromAFileThatIsDeletedAfterwards() async throws {
        let files = Collected<URL>()
        let script = StubScript { request, _ in
            guard case .file(let url) = request.body else { return .networkResponse(500, Data("not a file".utf8)) }
            files.append(url)
            let bytes = try Data(contentsOf: url)
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
            return .networkResponse(200, Data("\(bytes == patternBytes(count: 300_000)) \(mode?.intValue ?? -1)".utf8))
        }
        let transport = QuiverClientTransport(provider: Provider(transport: script), requestBodyMemoryLimit: 100_000)
        let (_, body) = try await transport.send(.operation(.put, "/archive", [("Content-Type", "application/octet-stream")]),
                                                 body: patternBody(count: 300_000, chunk: 30_000), baseURL: server,
                                                 operationID: "uploadArchive")
        // The file held the body whole, and only its owner could read it.
        #expect(String(decoding: try await body.collected(), as: UTF8.self) == "true \(0o600)")
        let file = try #require(files.all.first)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aBodyThatFailsWhileReadIsAnEncodingErrorAndNothingIsSent() async throws {
        let script = StubScript { _, _ in .networkResponse(200, Data()) }
        let transport = QuiverClientTransport(provider: Provider(transport: script), requestBodyMemoryLimit: 100_000)
        await #expect {
            _ = try await transport.send(.operation(.put, "/archive"), body: patternBody(count: 300_000, failingAfter: 200_000),
                                         baseURL: server, operationID: "uploadArchive")
        } throws: { error in
            guard case .encoding(let cause) = error as? QuiverError else { return false }
            return "\(cause)".contains("PUT https://api.example.com/v1/archive (uploadArchive)")
                && "\(cause)".contains("nothing was sent")
        }
        #expect(script.requests.isEmpty)
    }

    @Test func aRejectedStatusIsHandedToTheClientWithItsBodyAfterTheRetries() async throws {
        let script = StubScript.sequence([.networkResponse(503, Data(#"{"status":503}"#.utf8)),
                                          .networkResponse(404, Data(#"{"status":404}"#.utf8))])
        let provider = Provider<OpenAPIOperation>(transport: script,
                                                  retryPolicy: RetryPolicy(maximumAttempts: 2, baseDelay: 0.01, jitter: 0))
        let transport = QuiverClientTransport(provider: provider)
        let (response, body) = try await transport.send(.operation(.get, "/status/404"), body: nil, baseURL: server,
                                                        operationID: "getStatus")
        #expect(script.requests.count == 2)
        #expect(response.status.code == 404)
        #expect(try await body.collected() == Data(#"{"status":404}"#.utf8))
    }

    @Test func theValidationAnOperationChoosesDecidesWhatIsRetried() async throws {
        let script = StubScript.sequence([.networkResponse(503, Data()), .networkResponse(200, Data())])
        let provider = Provider<OpenAPIOperation>(transport: script,
                                                  retryPolicy: RetryPolicy(maximumAttempts: 2, baseDelay: 0.01, jitter: 0))
        let transport = QuiverClientTransport(provider: provider) { $0.validationType = .none }
        let (response, _) = try await transport.send(.operation(.get, "/pets"), body: nil, baseURL: server, operationID: "listPets")
        #expect(response.status.code == 503)
        #expect(script.requests.count == 1)
    }

    @Test func aFailureIsThrownAsTheProvidersQuiverError() async throws {
        let transport = QuiverClientTransport(provider: Provider(transport: StubScript { _, _ in
            .networkError(URLError(.cannotConnectToHost))
        }))
        await #expect {
            _ = try await transport.send(.operation(.get, "/pets"), body: nil, baseURL: server, operationID: "listPets")
        } throws: { error in
            guard case .transport(let cause, _) = error as? QuiverError else { return false }
            return (cause as? URLError)?.code == .cannotConnectToHost
        }
    }

    @Test func anOperationsTimeoutIsTheDeadlineTheTransportIsHanded() async throws {
        let script = StubScript { _, _ in .networkResponse(200, Data()) }
        let transport = QuiverClientTransport(provider: Provider(transport: script)) { operation in
            if operation.operationID == "slow" { operation.timeout = 0.2 }
        }
        _ = try await transport.send(.operation(.get, "/slow"), body: nil, baseURL: server, operationID: "slow")
        _ = try await transport.send(.operation(.get, "/fast"), body: nil, baseURL: server, operationID: "fast")
        #expect(script.requests.map(\.timeout) == [0.2, nil])
    }

    @Test func cancellingTheCallersTaskCancelsTheOperation() async throws {
        let transport = QuiverClientTransport(provider: Provider(transport: StubScript { _, _ in
            try await Task.sleep(nanoseconds: 10_000_000_000)
            return .networkResponse(200, Data())
        }))
        let server = server
        let call = Task {
            try await transport.send(.operation(.get, "/pets"), body: nil, baseURL: server, operationID: "listPets")
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        call.cancel()
        let result = await call.result
        #expect((result.failure as? QuiverError)?.isCancelled == true)
    }

    @Test func stubsAnswerByOperationID() async throws {
        let provider = Provider<OpenAPIOperation>(stubClosure: Provider.immediatelyStub)
        let transport = QuiverClientTransport(provider: provider) { operation in
            switch operation.operationID {
            case "getPet": operation.sampleData = Data(#"{"id":1}"#.utf8)
            case "listPets": operation.sampleData = Data("[]".utf8)
            default: break
            }
        }
        let (_, pet) = try await transport.send(.operation(.get, "/pets/1"), body: nil, baseURL: server, operationID: "getPet")
        let (_, pets) = try await transport.send(.operation(.get, "/pets"), body: nil, baseURL: server, operationID: "listPets")
        #expect(try await pet.collected() == Data(#"{"id":1}"#.utf8))
        #expect(try await pets.collected() == Data("[]".utf8))
    }

    @Test func fixturesAreNamedAndReplayedByOperationID() async throws {
        let fixture = Fixture(request: .init(method: "GET", path: "/v1/pets/1"), statusCode: 200,
                              headers: ["Content-Type": "application/json"], body: Data(#"{"id":1}"#.utf8))
        let provider = Provider<OpenAPIOperation>(endpointClosure: Provider.replayingFixtures(["getPet.json": fixture]),
                                                  stubClosure: Provider.immediatelyStub)
        let transport = QuiverClientTransport(provider: provider)
        let (response, body) = try await transport.send(.operation(.get, "/pets/1"), body: nil, baseURL: server,
                                                        operationID: "getPet")
        #expect(response.headerFields[.contentType] == "application/json")
        #expect(try await body.collected() == Data(#"{"id":1}"#.utf8))
        await #expect {
            _ = try await transport.send(.operation(.get, "/pets"), body: nil, baseURL: server, operationID: "listPets")
        } throws: { error in
            guard case .transport(let cause, _) = error as? QuiverError else { return false }
            return "\(cause)".contains("listPets.json")
        }
    }

    @Test func theTokenIsAddedOnlyToTheOperationsThatOptIn() async throws {
        let network = StubNetwork()
        network.expect(.post, "/v1/pets")
        network.expect(.get, "/v1/pets")
        let provider = Provider<OpenAPIOperation>(transport: network, plugins: [AccessTokenPlugin { _ in "t0ken" }])
        let transport = QuiverClientTransport(provider: provider) { operation in
            if operation.operationID == "createPet" { operation.authorizationType = .bearer }
        }
        _ = try await transport.send(.operation(.post, "/pets"), body: HTTPBody("{}"), baseURL: server, operationID: "createPet")
        _ = try await transport.send(.operation(.get, "/pets"), body: nil, baseURL: server, operationID: "listPets")
        try network.verify()
        #expect(network.requests.map { $0.header("Authorization") } == ["Bearer t0ken", nil])
    }

    @Test func pluginsSeeTheOperationItsIDAndItsHeaderFields() async throws {
        struct OperationPlugin: PluginType {
            func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
                guard let operation = target as? OpenAPIOperation else { return request }
                var request = request
                request.setValue("\(operation.operationID) \(operation.method.rawValue) \(operation.path)",
                                 forHTTPHeaderField: "X-Operation")
                return request
            }
        }
        let network = StubNetwork()
        network.expect(.get, "/v1/pets/1").headers(["X-Operation": "getPet GET /pets/1", "X-Tag": "t"])
        let transport = QuiverClientTransport(provider: Provider(transport: network, plugins: [OperationPlugin()]))
        _ = try await transport.send(.operation(.get, "/pets/1", [("X-Tag", "t")]), body: nil, baseURL: server,
                                     operationID: "getPet")
        try network.verify()
    }

    @Test func theLoggerNamesEachOperationByItsID() async throws {
        let lines = Collected<String>()
        let logger = NetworkLoggerPlugin(configuration: .init(output: { _, items in items.forEach(lines.append) },
                                                              level: .info))
        let network = StubNetwork()
        network.expect(.post, "/v1/pets").respond(status: 201, body: Data("{}".utf8))
        network.expect(.get, "/v1/pets").respond(status: 404, body: Data())
        let transport = QuiverClientTransport(provider: Provider(transport: network, plugins: [logger])) { operation in
            if operation.operationID == "listPets" { operation.networkLogName = "PetStore.listPets" }
        }
        _ = try await transport.send(.operation(.post, "/pets"), body: HTTPBody("{}"), baseURL: server, operationID: "createPet")
        _ = try? await transport.send(.operation(.get, "/pets"), body: nil, baseURL: server, operationID: "listPets")
        #expect(lines.all == [
            "[Quiver] Request: createPet POST https://api.example.com/v1/pets",
            "[Quiver] Response: createPet POST https://api.example.com/v1/pets → 201, 2 bytes",
            "[Quiver] Request: PetStore.listPets GET https://api.example.com/v1/pets",
            "[Quiver] Error: PetStore.listPets GET https://api.example.com/v1/pets failed with status 404 (stubbed).",
        ])
    }

    @Test func aStreamingAcceptStreamsTheBodyAsItArrives() async throws {
        let events = [ServerSentEvent(data: "one"), ServerSentEvent(data: "two")]
        let transport = QuiverClientTransport(provider: Provider(transport: StubScript.serverSentEvents(events)))
        let (response, body) = try await transport.send(.operation(.get, "/events", [("Accept", "text/event-stream")]),
                                                        body: nil, baseURL: server, operationID: "watchPets")
        let stream = try #require(body)
        #expect(response.status == .ok)
        #expect(stream.iterationBehavior == .single)
        #expect(stream.length == .unknown)
        #expect(String(decoding: try await Data(collecting: stream, upTo: 1 << 20), as: UTF8.self) == "data: one\n\ndata: two\n\n")
    }

    @Test(arguments: [
        ("text/event-stream", true), ("application/json", false), ("application/JSONL; q=0.9", true),
        ("application/json, application/x-ndjson", true), ("application/octet-stream", true), ("*/*", false),
    ])
    func whetherAnAcceptStreams(accept: String, streams: Bool) {
        let operation = OpenAPIOperation(operationID: "op", baseURL: server, path: "/", method: .get,
                                         headers: ["accept": accept])
        #expect(operation.streamsResponse == streams)
        #expect(operation.fixtureName == "op.json")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
