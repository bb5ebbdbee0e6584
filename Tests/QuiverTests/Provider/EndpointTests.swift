import Foundation
import Testing
@testable import Quiver

@Suite struct EndpointTests {
    private let endpoint = Endpoint(url: "https://h/a", sampleResponseClosure: { .networkResponse(200, Data()) },
                                    method: .get, task: .plain, httpHeaderFields: ["Accept": "text/plain", "X-A": "1"])

    @Test func addingHeadersReplacesFieldsOfTheSameNameWhateverTheirCase() {
        let changed = endpoint.adding(newHTTPHeaderFields: ["accept": "application/json", "X-B": "2"])
        #expect(changed.httpHeaderFields == ["accept": "application/json", "X-A": "1", "X-B": "2"])
        #expect(endpoint.httpHeaderFields == ["Accept": "text/plain", "X-A": "1"])
    }

    @Test func replacingTheTaskKeepsEverythingElse() throws {
        let changed = endpoint.replacing(task: .query(["a": 1]))
        #expect(changed.url == endpoint.url)
        #expect(changed.method == endpoint.method)
        #expect(changed.httpHeaderFields == endpoint.httpHeaderFields)
        #expect(try changed.urlRequest().url?.absoluteString == "https://h/a?a=1")
    }

    @Test func theDefaultMappingJoinsURLAndServesSampleDataWith200() {
        let endpoint = Provider<ExampleAPI>.defaultEndpointMapping(for: .user(id: 5))
        #expect(endpoint.url == "https://api.example.com/v2/users/5")
        #expect(endpoint.method == .get)
        guard case .networkResponse(200, let data) = endpoint.sampleResponseClosure() else {
            Issue.record("expected a 200 sample")
            return
        }
        #expect(data == ExampleAPI.user(id: 5).sampleData)
    }

    /// The default mapping keeps the target rather than a closure; the sample it gives, and the
    /// one a replacement gives, survive every copy the endpoint's methods make.
    @Test func theDefaultSampleAndAReplacedOneSurviveEveryCopy() {
        let mapped = Provider<ExampleAPI>.defaultEndpointMapping(for: .user(id: 7))
        let copies = [mapped.adding(newHTTPHeaderFields: ["X-B": "2"]), mapped.replacing(task: .query(["a": 1]))]
        for copy in copies {
            guard case .networkResponse(200, let data) = copy.sampleResponseClosure() else {
                Issue.record("expected the target's 200 sample")
                continue
            }
            #expect(data == ExampleAPI.user(id: 7).sampleData)
        }
        let replaced = mapped.replacing(sampleResponseClosure: { .networkResponse(404, Data("gone".utf8)) })
        for copy in [replaced, replaced.adding(newHTTPHeaderFields: ["X-B": "2"]), replaced.replacing(task: .plain)] {
            guard case .networkResponse(404, let data) = copy.sampleResponseClosure() else {
                Issue.record("expected the replaced 404 sample")
                continue
            }
            #expect(data == Data("gone".utf8))
        }
    }
}
