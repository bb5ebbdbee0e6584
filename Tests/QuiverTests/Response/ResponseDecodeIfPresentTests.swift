import Foundation
import Testing
@testable import Quiver

/// Decoding a body the caller says may be empty.
@Suite struct ResponseDecodeIfPresentTests {
    private struct Draft: Decodable, Equatable { let title: String }

    @Test func anEmptyBodyIsNilAndABodyDecodes() throws {
        #expect(try Response(statusCode: 204, data: Data()).decodeIfPresent(Draft.self) == nil)
        let full = Response(statusCode: 200, data: Data(#"{"draft":{"title":"Hi"}}"#.utf8))
        #expect(try full.decodeIfPresent(Draft.self, atKeyPath: "draft") == Draft(title: "Hi"))
    }

    @Test func aBodyThatDoesNotDecodeIsStillADecodingError() {
        let broken = Response(statusCode: 200, data: Data("not json".utf8))
        #expect(throws: QuiverError.self) { try broken.decodeIfPresent(Draft.self) }
    }

    @Test func theProviderHandsBackNilForAnEmptyStubbedBody() async throws {
        let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub)
        let target = GenericTarget(baseURL: URL(string: "https://api.example.com")!, path: "drafts/1")
        #expect(try await provider.decodeIfPresent(Draft.self, from: target) == nil)
        let withBody = GenericTarget(baseURL: URL(string: "https://api.example.com")!, path: "drafts/1",
                                     sampleData: Data(#"{"title":"Hi"}"#.utf8))
        #expect(try await provider.decodeIfPresent(Draft.self, from: withBody) == Draft(title: "Hi"))
    }
}
