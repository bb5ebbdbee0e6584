import Foundation
import Testing
@testable import Quiver

@Suite struct TargetBuilderTests {
    private struct Job: Encodable, Sendable { let id: Int }

    /// CoreNetKit's `updateState(by:descending:max:users:)`, strategies set before the route.
    @Test func aOneOffTargetCarriesItsQueryStrategiesAndBody() async throws {
        let transport = RecordingTransport()
        let target = TargetBuilder(baseURL: exampleBase)
            .set(query: ["params": ["a", "b"], "desc": true, "max": 10])
            .set(boolEncoding: .numeric)
            .set(arrayEncoding: .noBrackets)
            .route(.post, "tasks")
            .set(headers: ["X-Trace": "1"])
            .set(json: [Job(id: 1)])
            .build()
        _ = try await Provider<GenericTarget>(transport: transport).response(for: target)
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .post)
        #expect(sent.url.absoluteString == "https://api.example.com/v2/tasks?desc=1&max=10&params=a&params=b")
        #expect(sent.body == .data(Data(#"[{"id":1}]"#.utf8)))
        #expect(sent.value(forHTTPHeaderField: "X-Trace") == "1")
    }

    @Test func aFormBodyUsesTheBuildersStrategies() async throws {
        let transport = RecordingTransport()
        let target = TargetBuilder(baseURL: exampleBase).route(.put, "users/1")
            .set(form: ["tags": ["x", "y"]] as Parameters)
            .set(arrayEncoding: .commaSeparated)
            .build()
        _ = try await Provider<GenericTarget>(transport: transport).response(for: target)
        #expect(transport.requests.first?.body == .data(Data("tags=x,y".utf8)))
    }
}
