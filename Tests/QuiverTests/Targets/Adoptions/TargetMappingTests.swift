import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// An enum target whose whole API shares one outcome enum.
enum Library: TargetType, TargetMapping {
    case book(id: Int)
    case shelf

    enum Outcome: Sendable, Equatable {
        case book(title: String)
        case shelf(count: Int)
        case notFound
        case unauthorized
        case malformed
        case offline
        case cancelled
        case refused
        case other(String)
    }

    var baseURL: URL { exampleBase }
    var path: String {
        switch self {
        case .book(let id): "books/\(id)"
        case .shelf: "shelf"
        }
    }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var sampleData: Data {
        switch self {
        case .book(let id): Data(#"{"title":"Book \#(id)"}"#.utf8)
        case .shelf: Data(#"{"books":[1,2,3]}"#.utf8)
        }
    }

    func map(_ result: Result<Response, QuiverError>) -> Outcome {
        switch result {
        case .success(let response):
            do {
                switch self {
                case .book: return .book(title: try response.decode(String.self, atKeyPath: "title"))
                case .shelf: return .shelf(count: try response.decode([Int].self, atKeyPath: "books").count)
                }
            } catch {
                return .malformed
            }
        case .failure(.statusCode(let response)) where response.statusCode == 404: return .notFound
        case .failure(.statusCode(let response)) where response.statusCode == 401: return .unauthorized
        case .failure(.transport): return .offline
        case .failure(.cancelled): return .cancelled
        case .failure(.plugin): return .refused
        case .failure(let error): return .other("\(error)")
        }
    }
}

/// A per-endpoint struct with a ready-made mapping.
struct GetUser: TargetType, DecodableMapping {
    typealias Success = User
    let id: Int
    var body = #"{"id":1,"name":"Ada"}"#
    var baseURL: URL { exampleBase }
    var path: String { "users/\(id)" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var sampleData: Data { Data(body.utf8) }
}

struct ListTags: TargetType, DecodableMapping {
    typealias Success = [String]
    var baseURL: URL { exampleBase }
    var path: String { "tags" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var keyPath: String? { "data.tags" }
    var sampleData: Data { Data(#"{"data":{"tags":["swift","linux"]}}"#.utf8) }
}

struct DeleteUser: TargetType, DecodableMapping {
    typealias Success = EmptyResponse
    var baseURL: URL { exampleBase }
    var path: String { "users/1" }
    var method: HTTPMethod { .delete }
    var task: HTTPTask { .plain }
}

@Suite struct TargetMappingTests {
    private func stubbed<T: TargetType>(_ type: T.Type, status: Int? = nil, error: (any Error)? = nil,
                                       plugins: [any PluginType] = [], delay: TimeInterval? = nil) -> Provider<T> {
        Provider<T>(endpointClosure: { target in
            let endpoint = Provider<T>.defaultEndpointMapping(for: target)
            if let error { return endpoint.replacing(sampleResponseClosure: { .networkError(error) }) }
            if let status { return endpoint.replacing(sampleResponseClosure: { .networkResponse(status, target.sampleData) }) }
            return endpoint
        }, stubClosure: { _ in delay.map { .delayed(seconds: $0) } ?? .immediate }, plugins: plugins)
    }

    @Test func everyOutcomeReachesTheEnumTargetsMap() async {
        #expect(await stubbed(Library.self).request(.book(id: 3)) == .book(title: "Book 3"))
        #expect(await stubbed(Library.self).request(.shelf) == .shelf(count: 3))
        #expect(await stubbed(Library.self, status: 404).request(.book(id: 3)) == .notFound)
        #expect(await stubbed(Library.self, status: 401).request(.book(id: 3)) == .unauthorized)
        #expect(await stubbed(Library.self, error: URLError(.notConnectedToInternet)).request(.shelf) == .offline)
        #expect(await stubbed(Library.self, plugins: [HookRecorder("p", log: HookLog(), refusal: TestError(reason: "no"))])
            .request(.shelf) == .refused)
    }

    @Test func malformedJSONIsTheMappingsToHandle() async {
        let provider = Provider<Library>(endpointClosure: { target in
            Provider.defaultEndpointMapping(for: target).replacing(sampleResponseClosure: { .networkResponse(200, Data("{oops".utf8)) })
        }, stubClosure: Provider.immediatelyStub)
        #expect(await provider.request(.book(id: 1)) == .malformed)
    }

    @Test func cancellationReachesTheMap() async {
        let provider = stubbed(Library.self, delay: 30)
        let task = Task { await provider.request(.shelf) }
        try? await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        #expect(await task.value == .cancelled)
    }

    @Test func aDecodableMappingSortsEveryPath() async {
        #expect(await stubbed(GetUser.self).request(GetUser(id: 1)).value == User(id: 1, name: "Ada"))
        guard case .unauthorized(let response) = await stubbed(GetUser.self, status: 401).request(GetUser(id: 1)) else {
            Issue.record("expected .unauthorized")
            return
        }
        #expect(response.statusCode == 401)
        guard case .mappingFailed(let error, _) = await stubbed(GetUser.self).request(GetUser(id: 1, body: #"{"id":"x"}"#)) else {
            Issue.record("expected .mappingFailed")
            return
        }
        #expect(error is DecodingError)
        guard case .failure(.statusCode(let notFound)) = await stubbed(GetUser.self, status: 404).request(GetUser(id: 1)) else {
            Issue.record("expected .failure(.statusCode)")
            return
        }
        #expect(notFound.statusCode == 404)
        guard case .failure(.timedOut) = await stubbed(GetUser.self, error: URLError(.timedOut)).request(GetUser(id: 1)) else {
            Issue.record("expected .failure(.timedOut)")
            return
        }
    }

    @Test func aDecodableMappingHonoursItsKeyPathAndEmptyBodies() async {
        #expect(await stubbed(ListTags.self).request(ListTags()).value == ["swift", "linux"])
        #expect(await stubbed(DeleteUser.self, status: 204).request(DeleteUser()).value == EmptyResponse())
    }

    @Test func theProvidersDecoderReachesTheMapping() async {
        struct Stamp: Decodable, Sendable { let at: Date }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let target = GenericTarget(baseURL: exampleBase, sampleData: Data(#"{"at":"2023-11-14T22:13:20Z"}"#.utf8)).decoding(Stamp.self)
        let provider = Provider<MappedTarget<APIResult<Stamp>>>(stubClosure: Provider.immediatelyStub, decoder: decoder)
        #expect(await provider.request(target).value?.at.timeIntervalSince1970 == 1_700_000_000)
        let plain = Provider<MappedTarget<APIResult<Stamp>>>(stubClosure: Provider.immediatelyStub)
        guard case .mappingFailed = await plain.request(target) else {
            Issue.record("a plain decoder must not read an ISO date")
            return
        }
    }

    @Test func cancellingATypedRequestMapsCancelled() async {
        let provider = stubbed(Library.self, delay: 30)
        let request = Task { await provider.request(.shelf) }
        request.cancel()
        #expect(await request.value == .cancelled)
    }
}
