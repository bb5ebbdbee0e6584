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
}
