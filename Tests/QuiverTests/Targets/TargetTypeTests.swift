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

    @Test func aTelemetryNameIsAConstantsTokenOrOther() {
        #expect(HTTPMethod.patch.telemetryName == "PATCH")
        #expect(HTTPMethod(rawValue: "get").telemetryName == "GET")
        #expect(HTTPMethod(rawValue: "PROPFIND").telemetryName == "_OTHER")
        #expect(HTTPMethod(rawValue: "GET /secret").telemetryName == "_OTHER")
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
