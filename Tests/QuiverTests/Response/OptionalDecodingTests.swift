import Foundation
import Testing
@testable import Quiver

/// Decoding a body the caller says may be empty: an optional type decodes an empty body as `nil`.
@Suite struct OptionalDecodingTests {
    private struct Draft: Decodable, Equatable { let title: String }

    @Test func anEmptyBodyIsNilAndABodyDecodes() throws {
        #expect(try Response(statusCode: 204, data: Data()).decode(Draft?.self) == nil)
        let full = Response(statusCode: 200, data: Data(#"{"draft":{"title":"Hi"}}"#.utf8))
        #expect(try full.decode(Draft?.self, atKeyPath: "draft") == Draft(title: "Hi"))
    }

    @Test func aBodyThatDoesNotDecodeIsStillADecodingError() {
        let broken = Response(statusCode: 200, data: Data("not json".utf8))
        #expect(throws: QuiverError.self) { try broken.decode(Draft?.self) }
    }

    @Test func anEmptyBodyIsStillAnErrorForANonOptionalType() {
        #expect(throws: QuiverError.self) { try Response(statusCode: 204, data: Data()).decode(Draft.self) }
    }

    @Test func theProviderHandsBackNilForAnEmptyStubbedBody() async throws {
        let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub)
        let target = GenericTarget(baseURL: URL(string: "https://api.example.com")!, path: "drafts/1")
        #expect(try await provider.decode(Draft?.self, from: target) == nil)
        let withBody = GenericTarget(baseURL: URL(string: "https://api.example.com")!, path: "drafts/1",
                                     sampleData: Data(#"{"title":"Hi"}"#.utf8))
        #expect(try await provider.decode(Draft?.self, from: withBody) == Draft(title: "Hi"))
    }
}
