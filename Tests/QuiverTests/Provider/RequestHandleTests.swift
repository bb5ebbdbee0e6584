import Foundation
import Testing
@testable import Quiver

@Suite struct RequestHandleTests {
    /// CodyFire's `API.auth.login(email:password:)`, returning `APIRequest<LoginResponse>`.
    private struct Login: TargetType, DecodableMapping {
        typealias Success = LoginResponse
        struct LoginResponse: Decodable, Sendable { let token: String }
        let email: String
        let password: String
        var baseURL: URL { exampleBase }
        var path: String { "login" }
        var method: HTTPMethod { .post }
        var task: HTTPTask { .plain }
        var headers: [String: String]? { .basicAuthorization(user: email, password: password) }
    }

    /// What the handlers heard, in order.
    private final class Heard: Sendable {
        private let events = Locked([String]())
        func add(_ event: String) { events.withLock { $0.append(event) } }
        var all: [String] { events.withLock { $0 } }
        func wait(for count: Int) async -> [String] {
            _ = await waitUntil { all.count >= count }
            // Give a wrongly repeated or extra event the time to show up.
            try? await Task.sleep(nanoseconds: 50_000_000)
            return all
        }
    }

    private func provider(_ answer: RecordingTransport.Answer, plugins: [any PluginType] = []) -> (Provider<Login>, RecordingTransport) {
        let transport = RecordingTransport(answer)
        return (Provider<Login>(transport: transport, plugins: plugins), transport)
    }

    @Test func loginDeliversTheDecodedModelToOnSuccessOnly() async {
        let (provider, _) = provider(.status(200, Data(#"{"token":"abc"}"#.utf8)))
        let heard = Heard()
        provider.call(Login(email: "test@mail.com", password: "qwerty"))
            .onError { heard.add("error \($0)") }
            .onSuccess { heard.add("token \($0.token)") }
        #expect(await heard.wait(for: 1) == ["token abc"])
    }

    @Test func aFailureGoesToTheHandlerOfItsKindElseToOnError() async {
        let (unauthorized, _) = provider(.status(401, Data()))
        let heard = Heard()
        unauthorized.call(Login(email: "a", password: "b"))
            .onError { _ in heard.add("error") }
            .onNotAuthorized { heard.add("not authorized") }
            .onSuccess { _ in heard.add("success") }
        #expect(await heard.wait(for: 1) == ["not authorized"])

        let (offline, _) = provider(.failure(URLError(.notConnectedToInternet)))
        offline.call(Login(email: "a", password: "b"))
            .onNetworkUnavailable { heard.add("offline") }
            .onSuccess { _ in heard.add("success") }
        let (slow, _) = provider(.failure(URLError(.timedOut)))
        slow.call(Login(email: "a", password: "b"))
            .onTimeout { heard.add("timeout") }
            .onSuccess { _ in heard.add("success") }
        let (broken, _) = provider(.status(500, Data()))
        broken.call(Login(email: "a", password: "b"))
            .onTimeout { heard.add("timeout") }
            .onError { error in heard.add("error \(error.response?.statusCode ?? 0)") }
            .onSuccess { _ in heard.add("success") }
        #expect(Set(await heard.wait(for: 4)) == ["not authorized", "offline", "timeout", "error 500"])
    }

    @Test func onRequestStartedFiresOnlyForARequestHandedToTheNetwork() async {
        let (provider, _) = provider(.status(200, Data(#"{"token":"t"}"#.utf8)))
        let heard = Heard()
        provider.call(Login(email: "a", password: "b"))
            .onRequestStarted { heard.add("started") }
            .onSuccess { _ in heard.add("success") }
        #expect(await heard.wait(for: 2) == ["started", "success"])

        let refused = Heard()
        provider.call(Login(email: "no:colons", password: "b"))
            .onRequestStarted { refused.add("started") }
            .onError { _ in refused.add("refused") }
            .execute()
        #expect(await refused.wait(for: 1) == ["refused"])
    }

    // Issue 29: onRequestStarted fired for a request that never connected; CodyFire's users rely
    // on it meaning "the request went out", so a loader is not shown without a network.
    @Test(arguments: [URLError.Code.notConnectedToInternet, .cannotFindHost, .cannotConnectToHost])
    func onRequestStartedDoesNotFireWhenTheNetworkCouldNotCarryTheRequest(code: URLError.Code) async {
        let (provider, transport) = provider(.failure(URLError(code)))
        let heard = Heard()
        provider.call(Login(email: "a", password: "b"))
            .onRequestStarted { heard.add("started") }
            .onNetworkUnavailable { heard.add("offline") }
            .defer { heard.add("defer") }
            .execute()
        #expect(await heard.wait(for: 2) == ["offline", "defer"])
        try? await Task.sleep(nanoseconds: 2 * RequestHandle<Login.Success>.startGracePeriod)
        #expect(heard.all == ["offline", "defer"])
        #expect(transport.requests.count == 1)
    }

    @Test func onRequestStartedFiresWhileASlowRequestIsStillOut() async {
        let transport = GatedTransport(safetyOpening: 30)
        let provider = Provider<GenericTarget>(transport: transport)
        let heard = Heard()
        provider.call(GenericTarget(baseURL: exampleBase))
            .onRequestStarted { heard.add(transport.isOpen ? "started late" : "started") }
            .defer { heard.add("defer") }
            .onSuccess { _ in heard.add("success") }
        #expect(await heard.wait(for: 1) == ["started"])
        transport.open()
        #expect(await heard.wait(for: 3) == ["started", "success", "defer"])
    }

    @Test func executeRunsARequestNobodyObservesAndNothingRunsBeforeIt() async {
        let (provider, transport) = provider(.status(200, Data(#"{"token":"t"}"#.utf8)))
        let handle = provider.call(Login(email: "a", password: "b")).onError { _ in }
        try? await Task.sleep(nanoseconds: 100_000_000)
        #expect(transport.requests.isEmpty)
        handle.execute()
        #expect(await waitUntil { transport.requests.count == 1 })
    }

    @Test func cancellingGoesToOnCancellationAndDeferRunsLast() async {
        let (provider, _) = provider(.delay(30))
        let heard = Heard()
        let handle = provider.call(Login(email: "a", password: "b"))
            .onCancellation { heard.add("cancelled") }
            .onError { _ in heard.add("error") }
            .defer { heard.add("defer") }
            .onSuccess { _ in heard.add("success") }
        try? await Task.sleep(nanoseconds: 100_000_000)
        handle.cancel()
        #expect(handle.isCancelled)
        #expect(await heard.wait(for: 2) == ["cancelled", "defer"])
    }

    @Test func coreNetKitsObserverChainRunsOnTheCallbackQueue() async {
        let queue = DispatchQueue(label: "presenter")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let transport = RecordingTransport(.status(200, Data(#"[{"id":1,"name":"Ada"}]"#.utf8)))
        let provider = Provider<ExampleAPI>(transport: transport)
        let heard = Heard()
        provider.call(.search(query: "a", page: 1), decoding: [User].self, callbackQueue: queue)
            .onCompleted { users in heard.add("users \(users.count) \(DispatchQueue.getSpecific(key: key) == true)") }
            .onError { _ in heard.add("error") }
            .defer { heard.add("defer \(DispatchQueue.getSpecific(key: key) == true)") }
        #expect(await heard.wait(for: 2) == ["users 1 true", "defer true"])
    }

    @Test func aHandleCanBeTypedByADTODecodableModel() async {
        struct Member: DTODecodable, Sendable {
            let name: String
            static func from(dto: User) throws -> Member { Member(name: dto.name.uppercased()) }
        }
        let provider = Provider<ExampleAPI>(stubClosure: Provider.immediatelyStub)
        let heard = Heard()
        provider.call(.user(id: 7), decoding: Member.self).onCompleted { heard.add($0.name) }
        #expect(await heard.wait(for: 1) == ["ADA"])
    }

    @Test func progressIsReportedAndAFailureWaitsForItsHandler() async throws {
        let provider = Provider<ExampleAPI>(stubClosure: Provider.immediatelyStub)
        let heard = Heard()
        let handle = provider.call(.missing, decoding: [Int].self)
            .onProgress { _ in heard.add("progress") }
            .execute()
        try await Task.sleep(nanoseconds: 100_000_000)
        handle.onError { error in heard.add(error.isCancelled ? "cancelled" : "decoding") }
        let events = await heard.wait(for: 1)
        #expect(events.last == "decoding")
        #expect(events.filter { $0 == "decoding" }.count == 1)
    }
}
