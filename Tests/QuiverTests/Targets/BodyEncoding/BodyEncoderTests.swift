import Foundation
import Testing
@testable import Quiver

/// Bodies made by encoders of the caller's own: sent with their content type, or refused.
@Suite struct BodyEncoderTests {
    private struct Order: Codable, Equatable, Sendable { let id: Int; let item: String }

    private struct XMLOrderEncoder: BodyEncoder {
        struct Unwritable: Error {}
        var contentType: String { "application/xml; charset=utf-8" }
        func encode(_ value: Order) throws -> Data {
            guard !value.item.contains("<") else { throw Unwritable() }
            return Data("<order id=\"\(value.id)\">\(value.item)</order>".utf8)
        }
    }

    private func target(_ task: HTTPTask, headers: [String: String]? = nil) -> GenericTarget {
        GenericTarget(baseURL: URL(string: "https://api.example.com")!, path: "orders", method: .post, task: task,
                      headers: headers)
    }

    @Test func theBodyIsSentWithTheEncodersContentType() async throws {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport)
        _ = try await provider.response(for: target(.body(Order(id: 7, item: "tea"), encoder: XMLOrderEncoder())))
        let sent = try #require(transport.requests.first)
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/xml; charset=utf-8")
        #expect(sent.body == .data(Data(#"<order id="7">tea</order>"#.utf8)))
    }

    @Test func aTargetsContentTypeWins() throws {
        let request = try Provider<GenericTarget>.defaultEndpointMapping(
            for: target(.body(Order(id: 1, item: "x"), encoder: XMLOrderEncoder()), headers: ["Content-Type": "text/xml"]))
            .urlRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/xml")
    }

    @Test func aValueThatCannotBeEncodedIsAnEncodingErrorAndNothingIsSent() async {
        let transport = RecordingTransport()
        let provider = Provider<GenericTarget>(transport: transport)
        let result = await provider.result(for: target(.body(Order(id: 1, item: "<b>"), encoder: XMLOrderEncoder())))
        guard case .failure(.encoding(let error)) = result else {
            Issue.record("expected .encoding, got \(result)")
            return
        }
        #expect(error is XMLOrderEncoder.Unwritable)
        #expect(transport.requests.isEmpty)
    }
}
