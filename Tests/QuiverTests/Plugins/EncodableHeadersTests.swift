import Foundation
import Testing
@testable import Quiver

@Suite struct EncodableHeadersTests {
    /// CodyFire's `fillCodableHeaders`: nil properties are left out.
    private struct Headers: Encodable, Sendable {
        var Authorization: String?
        var anythingElse: String
        var retries = 3
        var beta = true
    }

    private func sent(with plugin: HeadersPlugin) async throws -> TransportRequest {
        let transport = RecordingTransport()
        _ = try await Provider<GenericTarget>(transport: transport, plugins: [plugin]).response(for: GenericTarget(baseURL: exampleBase))
        return try #require(transport.requests.first)
    }

    @Test func aModelsPropertiesBecomeHeadersAndNilOnesAreLeftOut() async throws {
        let request = try await sent(with: HeadersPlugin(encoding: { _ in Headers(Authorization: nil, anythingElse: "hello") }))
        #expect(request.value(forHTTPHeaderField: "anythingElse") == "hello")
        #expect(request.value(forHTTPHeaderField: "retries") == "3")
        #expect(request.value(forHTTPHeaderField: "beta") == "true")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func aFixedModelIsSentOnEveryRequest() async throws {
        let request = try await sent(with: HeadersPlugin(encoding: { _ in Headers(Authorization: "Bearer t", anythingElse: "x") }))
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t")
    }

    @Test func aNestedModelIsAnEncodingErrorAndNothingIsSent() async {
        struct Nested: Encodable, Sendable { var inner = ["a": "b"] }
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport, plugins: [HeadersPlugin(encoding: { _ in Nested() })])
        guard case .encoding = await provider.result(for: GenericTarget(baseURL: exampleBase)).failure else {
            Issue.record("expected .encoding")
            return
        }
        #expect(transport.requests.isEmpty)
    }
}
