import Foundation
import Testing
@testable import Quiver

/// A one-off target built from values: what CoreNetKit's and T21HTTPRequester's builders did,
/// in a ``GenericTarget`` and an ``HTTPTask``.
@Suite struct GenericTargetTests {
    private struct Job: Encodable, Sendable { let id: Int }

    /// CoreNetKit's `updateState(by:descending:max:users:)`: a route, a query with its strategies,
    /// a header and a JSON body.
    @Test func aOneOffTargetCarriesItsQueryStrategiesAndBody() async throws {
        let transport = RecordingTransport()
        let target = GenericTarget(
            baseURL: exampleBase, path: "tasks", method: .post,
            task: .json([Job(id: 1)]).adding(query: ["params": ["a", "b"], "desc": true, "max": 10],
                                              encoder: FormEncoder(arrayEncoding: .noBrackets, boolEncoding: .numeric)),
            headers: ["X-Trace": "1"])
        _ = try await Provider<GenericTarget>(transport: transport).response(for: target)
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .post)
        #expect(sent.url.absoluteString == "https://api.example.com/v2/tasks?desc=1&max=10&params=a&params=b")
        #expect(sent.body == .data(Data(#"[{"id":1}]"#.utf8)))
        #expect(sent.value(forHTTPHeaderField: "X-Trace") == "1")
    }

    @Test func aFormBodyUsesItsEncodersStrategies() async throws {
        let transport = RecordingTransport()
        let target = GenericTarget(baseURL: exampleBase, path: "users/1", method: .put,
                                   task: .form(["tags": ["x", "y"]], encoder: FormEncoder(arrayEncoding: .commaSeparated)))
        _ = try await Provider<GenericTarget>(transport: transport).response(for: target)
        #expect(transport.requests.first?.body == .data(Data("tags=x,y".utf8)))
    }

    @Test func aQueryUsesItsEncodersDateStrategyAndTheTargetsTimeout() async throws {
        let transport = RecordingTransport()
        let target = GenericTarget(baseURL: exampleBase, path: "events",
                                   task: .query(["since": .date(Date(timeIntervalSince1970: 1_700_000_000))],
                                                encoder: FormEncoder(dateEncoding: .millisecondsSince1970)),
                                   timeout: 7)
        _ = try await Provider<GenericTarget>(transport: transport).response(for: target)
        let sent = try #require(transport.requests.first)
        #expect(sent.url.query == "since=1700000000000")
        #expect(sent.body == .none)
        #expect(sent.timeout == 7)
    }
}
