import Foundation
import Testing
@testable import Quiver

@Suite struct MappedTargetTests {
    /// T21HTTPRequester's response type: every path of the endpoint in one enum.
    private enum GetFilmsResponse: Sendable, Equatable {
        case success(films: [String])
        case mappingFailed
        case invalidToken
        case error(String)
    }

    /// `HTTPGenericService<GetFilmsResponse>(url, "/films/", .get, nil, mapping)`.
    private func films() -> MappedTarget<GetFilmsResponse> {
        GenericTarget(baseURL: exampleBase, path: "/films/").mapping { result in
            switch result {
            case .success(let response):
                guard let films = try? response.decode([String].self) else { return .mappingFailed }
                return .success(films: films)
            case .failure(.statusCode(let response)) where response.statusCode == 401:
                return .invalidToken
            case .failure(let error):
                return .error("\(error)")
            }
        }
    }

    @Test func aMultiTargetProviderReturnsTheClosuresOutputTyped() async {
        let provider = Provider<MultiTarget>(transport: RecordingTransport(.status(200, Data(#"["A New Hope"]"#.utf8))))
        let outcome: GetFilmsResponse = await provider.request(films())
        #expect(outcome == .success(films: ["A New Hope"]))
    }

    @Test func everyPathReachesTheClosure() async {
        let unauthorized = Provider<MultiTarget>(transport: RecordingTransport(.status(401, Data())))
        #expect(await unauthorized.request(films()) == .invalidToken)
        let garbage = Provider<MultiTarget>(transport: RecordingTransport(.status(200, Data("nope".utf8))))
        #expect(await garbage.request(films()) == .mappingFailed)
    }

    /// A decoding target sorts its outcome as a ``DecodableMapping`` target does.
    @Test func aDecodingTargetSortsEveryPathIntoAnAPIResult() async {
        let names = GenericTarget(baseURL: exampleBase, path: "users").decoding([String].self, atKeyPath: "data")
        let found = Provider<MultiTarget>(transport: RecordingTransport(.status(200, Data(#"{"data":["Ada"]}"#.utf8))))
        #expect(await found.request(names).value == ["Ada"])
        let unauthorized = Provider<MultiTarget>(transport: RecordingTransport(.status(401, Data())))
        guard case .unauthorized(let response) = await unauthorized.request(names) else {
            Issue.record("a 401 must be .unauthorized")
            return
        }
        #expect(response.statusCode == 401)
        let garbage = Provider<MultiTarget>(transport: RecordingTransport(.status(200, Data(#"{"data":"Ada"}"#.utf8))))
        guard case .mappingFailed = await garbage.request(names) else {
            Issue.record("a body that does not decode must be .mappingFailed")
            return
        }
        let missing = Provider<MultiTarget>(transport: RecordingTransport(.status(404, Data())))
        guard case .failure(.statusCode(let rejected)) = await missing.request(names) else {
            Issue.record("another rejected status must be .failure")
            return
        }
        #expect(rejected.statusCode == 404)
    }
}
