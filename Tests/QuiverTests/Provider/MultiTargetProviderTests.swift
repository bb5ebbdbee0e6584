import Foundation
import Testing
@testable import Quiver

@Suite struct MultiTargetProviderTests {
    private let provider = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub)

    @Test func oneProviderReturnsEachStructsOwnTypedOutput() async {
        let user: APIResult<User> = await provider.request(GetUser(id: 1))
        let tags: APIResult<[String]> = await provider.request(ListTags())
        #expect(user.value == User(id: 1, name: "Ada"))
        #expect(tags.value == ["swift", "linux"])
    }

    @Test func enumTargetsMapThroughAMultiTargetProviderToo() async {
        #expect(await provider.request(Library.book(id: 2)) == .book(title: "Book 2"))
    }

    @Test func pluginsSeeTheStructNotMultiTarget() async {
        let plugin = HookRecorder("p", log: HookLog())
        let provider = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub, plugins: [plugin])
        _ = await provider.request(GetUser(id: 1))
        _ = await provider.result(for: MultiTarget(ListTags()))
        #expect(plugin.targetTypes.withLock { $0 } == ["GetUser", "ListTags"])
    }

    @Test func aWrappedTargetIsSentAsItself() async throws {
        let response = try await provider.response(for: MultiTarget(ListTags()))
        #expect(response.data == ListTags().sampleData)
    }
}

/// The documented service-factory pattern: a struct that hands out typed targets for one base
/// URL and shared headers.
struct UsersService {
    let baseURL: URL
    let token: String

    private var headers: [String: String] { ["Authorization": "Bearer \(token)", "Accept": "application/json"] }

    func user(id: Int) -> MappedTarget<APIResult<User>> {
        GenericTarget(baseURL: baseURL, path: "users/\(id)", headers: headers,
                      sampleData: Data(#"{"id":\#(id),"name":"Ada"}"#.utf8)).decoding(User.self)
    }

    func rename(id: Int, to name: String) -> MappedTarget<APIResult<User>> {
        GenericTarget(baseURL: baseURL, path: "users/\(id)", method: .patch, task: .json(["name": .string(name)]),
                      headers: headers, sampleData: Data(#"{"id":\#(id),"name":"\#(name)"}"#.utf8)).decoding(User.self)
    }

    func names() -> MappedTarget<APIResult<[String]>> {
        GenericTarget(baseURL: baseURL, path: "users", headers: headers,
                      sampleData: Data(#"{"data":["Ada","Grace"]}"#.utf8)).decoding([String].self, atKeyPath: "data")
    }
}

@Suite struct ServiceFactoryTests {
    private let service = UsersService(baseURL: URL(string: "https://api.example.com/v3")!, token: "t0k3n")

    @Test func theFactoryHandsOutTargetsWithItsBaseURLAndHeaders() throws {
        let request = try Provider<MappedTarget<APIResult<User>>>.defaultEndpointMapping(for: service.rename(id: 4, to: "Ada")).urlRequest()
        #expect(request.url?.absoluteString == "https://api.example.com/v3/users/4")
        #expect(request.httpMethod == "PATCH")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t0k3n")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func itsTargetsAreTypedThroughOneProvider() async {
        let provider = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub)
        #expect(await provider.request(service.user(id: 9)).value == User(id: 9, name: "Ada"))
        #expect(await provider.request(service.rename(id: 9, to: "Grace")).value == User(id: 9, name: "Grace"))
        #expect(await provider.request(service.names()).value == ["Ada", "Grace"])
    }
}
