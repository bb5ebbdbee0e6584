import Foundation
import Testing
@testable import Quiver

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
