import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A target whose success is a `User`, with no sample body.
struct GetUserWithoutSample: TargetType, DecodableMapping {
    typealias Success = User
    var token: String?
    var baseURL: URL { exampleBase }
    var path: String { "users/1" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { token.map { .query(["token": .string($0)]) } ?? .plain }
}

/// What a caller reads when an empty body did not decode, from the typed result as from the
/// thrown error: one line naming the request, and for a stub, how to give the target a sample
/// (#48).
@Suite struct EmptyBodyErrorTests {
    private let oneLine = "GET https://api.example.com/v2/users/1 answered 200 (stubbed) with an empty body, which did not "
        + "decode as User: give the target a sample body (sampleData, or sample: in its @Endpoint or @GET… macro), or "
        + "decode EmptyResponse."

    @Test func theTypedResultOfAStubWithoutSampleSaysInOneLineHowToGiveOne() async throws {
        let provider = Provider<GetUserWithoutSample>(stubClosure: Provider.immediatelyStub)
        guard case .mappingFailed(let error, let response) = await provider.request(GetUserWithoutSample()) else {
            Issue.record("an empty sample body decoded")
            return
        }
        #expect(error is EmptyBodyError)
        #expect(String(describing: error) == oneLine)
        #expect(error.localizedDescription == oneLine)
        #expect(response.isStubbed)
    }

    @Test func theThrownErrorSaysTheSame() async throws {
        let provider = Provider<GetUserWithoutSample>(stubClosure: Provider.immediatelyStub)
        do {
            _ = try await provider.decode(User.self, from: GetUserWithoutSample())
            Issue.record("an empty sample body decoded")
        } catch {
            #expect(String(describing: error) == oneLine)
            #expect(error.localizedDescription == oneLine)
            guard case .decoding(let cause, _) = error else {
                Issue.record("expected .decoding, got \(error)")
                return
            }
            #expect(String(describing: cause) == oneLine)
        }
    }

    @Test func anEmptyLiveBodyIsToldToDecodeEmptyResponse() throws {
        let response = Response(statusCode: 204, data: Data(),
                                request: URLRequest(url: try #require(URL(string: "https://api.example.com/v2/users/1"))))
        #expect(throws: QuiverError.self) { try response.decode(User.self) }
        do {
            _ = try response.decode(User.self)
        } catch {
            guard case .decoding(let cause, _) = error else { return }
            #expect("\(cause)" == "GET https://api.example.com/v2/users/1 answered 204 with an empty body, which did not "
                + "decode as User: decode EmptyResponse for a response without a body.")
        }
    }

    @Test func theLineIsRedacted() async throws {
        let provider = Provider<GetUserWithoutSample>(stubClosure: Provider.immediatelyStub)
        guard case .mappingFailed(let error, _) = await provider.request(GetUserWithoutSample(token: "SECRET-in-query")) else {
            Issue.record("an empty sample body decoded")
            return
        }
        #expect(!"\(error)".contains("SECRET"), "\(error)")
        #expect("\(error)".hasPrefix("GET https://api.example.com/v2/users/1?token=<redacted> answered 200 (stubbed)"), "\(error)")
    }

    @Test func withoutAResponseItSaysWhatWasExpected() {
        #expect(EmptyBodyError(type: "User").description == "the response body is empty; expected User")
    }
}
