import Foundation
import Testing
@testable import Quiver

@Suite struct TargetTypeTests {
    struct Minimal: TargetType {
        var baseURL: URL { exampleBase }
        var path: String { "ping" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
    }

    @Test func defaultsAreNoHeadersEmptySampleSuccessCodesAndNoTimeout() {
        let target = Minimal()
        #expect(target.headers == nil)
        #expect(target.sampleData.isEmpty)
        #expect(target.validationType == .successCodes)
        #expect(target.timeout == nil)
    }

    @Test func genericTargetDefaultsEverythingAfterTheBaseURL() {
        let target = GenericTarget(baseURL: exampleBase)
        #expect(target.path == "")
        #expect(target.method == .get)
        #expect(target.headers == nil)
        #expect(target.sampleData.isEmpty)
        #expect(target.validationType == .successCodes)
        #expect(target.timeout == nil)
        guard case .plain = target.task else {
            Issue.record("expected .plain, got \(target.task)")
            return
        }
    }

    @Test func genericTargetKeepsEveryValueItIsGiven() {
        let target = GenericTarget(baseURL: exampleBase, path: "users", method: .post, task: .data(Data([1])),
                                   headers: ["A": "b"], sampleData: Data([2]), validationType: .none, timeout: 3)
        #expect(target.path == "users")
        #expect(target.method == .post)
        #expect(target.headers == ["A": "b"])
        #expect(target.sampleData == Data([2]))
        #expect(target.validationType == ValidationType.none)
        #expect(target.timeout == 3)
    }
}

@Suite struct HTTPMethodTests {
    @Test(arguments: [
        (HTTPMethod.get, "GET"), (.post, "POST"), (.put, "PUT"), (.patch, "PATCH"), (.delete, "DELETE"),
        (.head, "HEAD"), (.options, "OPTIONS"), (.trace, "TRACE"), (.connect, "CONNECT"),
    ])
    func constantsSendTheirToken(method: HTTPMethod, token: String) {
        #expect(method.rawValue == token)
        #expect(method.description == token)
    }

    @Test func customMethodsKeepTheirToken() {
        let method: HTTPMethod = "PROPFIND"
        #expect(method.rawValue == "PROPFIND")
        #expect(method == HTTPMethod(rawValue: "PROPFIND"))
    }

    @Test func onlyGetAndHeadForbidABody() {
        #expect(HTTPMethod.get.forbidsBody)
        #expect(HTTPMethod.head.forbidsBody)
        #expect(!HTTPMethod.post.forbidsBody)
        #expect(!HTTPMethod.delete.forbidsBody)
    }
}

@Suite struct ValidationTypeTests {
    @Test(arguments: [
        (ValidationType.none, 500, true), (.none, 199, true),
        (.successCodes, 200, true), (.successCodes, 299, true), (.successCodes, 300, false), (.successCodes, 199, false),
        (.successCodes, 404, false),
        (.successAndRedirectCodes, 302, true), (.successAndRedirectCodes, 399, true), (.successAndRedirectCodes, 400, false),
        (.customCodes([200, 404]), 404, true), (.customCodes([200, 404]), 201, false),
    ])
    func acceptsExactlyItsCodes(validation: ValidationType, code: Int, accepted: Bool) {
        #expect(validation.accepts(code) == accepted)
    }
}

@Suite struct MultiTargetTests {
    @Test func forwardsEveryRequirementToTheWrappedTarget() {
        let inner = GenericTarget(baseURL: exampleBase, path: "a", method: .put, task: .plain, headers: ["H": "v"],
                                  sampleData: Data([9]), validationType: .customCodes([201]), timeout: 4)
        let multi = MultiTarget(inner)
        #expect(multi.baseURL == inner.baseURL)
        #expect(multi.path == "a")
        #expect(multi.method == .put)
        #expect(multi.headers == ["H": "v"])
        #expect(multi.sampleData == Data([9]))
        #expect(multi.validationType == .customCodes([201]))
        #expect(multi.timeout == 4)
        #expect(multi.target is GenericTarget)
    }

    @Test func unwrappedSeesThroughNestedMultiTargets() {
        let nested = MultiTarget(MultiTarget(ExampleAPI.missing))
        #expect(nested.unwrapped is ExampleAPI)
        #expect(ExampleAPI.missing.unwrapped is ExampleAPI)
    }
}

/// Item 4 of issue 12: a query or fragment written into a path, or a base URL without a scheme,
/// is refused with a hint instead of being sent escaped to the wrong place.
@Suite struct TargetURLMistakesTests {
    private func refusal(baseURL: URL = exampleBase, path: String) async throws -> (String, Int) {
        let transport = RecordingTransport()
        let error = try #require(await Provider<GenericTarget>(transport: transport)
            .result(for: GenericTarget(baseURL: baseURL, path: path)).failure)
        guard case .invalidRequest(let reason) = error else {
            Issue.record("expected .invalidRequest, got \(error)")
            return ("", transport.requests.count)
        }
        return (reason, transport.requests.count)
    }

    @Test func aQueryInThePathIsRefusedWithAPointerToQueryTasks() async throws {
        let (reason, sent) = try await refusal(path: "users?page=2")
        #expect(sent == 0)
        #expect(reason.contains(#""users?page=2""#))
        #expect(reason.contains(".query(") && reason.contains("adding(query:)"))
    }

    @Test func aFragmentInThePathIsRefused() async throws {
        let (reason, sent) = try await refusal(path: "docs#intro")
        #expect(sent == 0)
        #expect(reason.contains("#"))
    }

    @Test func aStubbedTargetIsRefusedToo() async throws {
        let error = try #require(await Provider<GenericTarget>(stubClosure: Provider.immediatelyStub)
            .result(for: GenericTarget(baseURL: exampleBase, path: "users?page=2")).failure)
        guard case .invalidRequest = error else {
            Issue.record("expected .invalidRequest, got \(error)")
            return
        }
    }

    @Test func anEscapedQuestionMarkIsStillAPathCharacterInACustomEndpoint() async throws {
        // An endpoint closure that writes its own URL is taken as written.
        let provider = Provider<GenericTarget>(
            endpointClosure: { target in
                Endpoint(url: "https://api.example.com/v2/what%3F", sampleResponseClosure: { .networkResponse(200, Data()) },
                         method: target.method, task: target.task, httpHeaderFields: nil)
            },
            transport: RecordingTransport())
        let response = try await provider.response(for: GenericTarget(baseURL: exampleBase))
        #expect(response.request?.url?.absoluteString == "https://api.example.com/v2/what%3F")
    }

    @Test func aBaseURLWithoutASchemeGetsAHint() async throws {
        let (reason, sent) = try await refusal(baseURL: try #require(URL(string: "api.example.com")), path: "users")
        #expect(sent == 0)
        #expect(reason.contains("add http:// or https://"))
    }

    @Test func aHostAndPortWithoutASchemeGetsAHint() async throws {
        let (reason, _) = try await refusal(baseURL: try #require(URL(string: "localhost:8080")), path: "users")
        #expect(reason.contains("add http:// or https://"))
    }
}

/// Issue 14, item 3: a target's cache policy reaches the request; others keep the default.
@Suite struct CachePolicyProvidingTests {
    struct Avatar: TargetType, CachePolicyProviding {
        var baseURL: URL { exampleBase }
        var path: String { "avatar" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
        var cachePolicy: URLRequest.CachePolicy { .returnCacheDataElseLoad }
    }

    @Test func aTargetsCachePolicyIsTheRequests() async throws {
        let sent = try await Provider<Avatar>(transport: RecordingTransport()).response(for: Avatar())
        #expect(sent.request?.cachePolicy == .returnCacheDataElseLoad)
        let multi = try await Provider<MultiTarget>(transport: RecordingTransport()).response(for: MultiTarget(Avatar()))
        #expect(multi.request?.cachePolicy == .returnCacheDataElseLoad)
        let plain = try await Provider<GenericTarget>(transport: RecordingTransport()).response(for: GenericTarget(baseURL: exampleBase))
        #expect(plain.request?.cachePolicy == .useProtocolCachePolicy)
    }

    @Test func theDefaultTransportHasNoCache() {
        let configuration = URLSessionTransport.defaultConfiguration
        #expect(configuration.urlCache == nil)
        #expect(configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
        #expect(URLSessionTransport().session.configuration.urlCache == nil)
    }
}
