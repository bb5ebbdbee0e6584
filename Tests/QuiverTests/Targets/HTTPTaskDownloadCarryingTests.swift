import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A download that carries a body, built offline.
@Suite struct HTTPTaskDownloadCarryingTests {
    private let destination = DownloadDestination.file(URL(fileURLWithPath: "/tmp/quiver-report.json"))

    private func endpoint(_ method: HTTPMethod, _ task: HTTPTask) -> Endpoint {
        Endpoint(url: "https://api.example.com/reports", sampleResponseClosure: { .networkResponse(200, Data()) },
                 method: method, task: task, httpHeaderFields: nil)
    }

    @Test func theBodyAndItsContentTypeAreInTheRequestAndTheDownloadIsKept() throws {
        let built = try RequestBuilder.build(endpoint(.post, .downloadCarrying(.form(["year": 2025]), to: destination)))
        #expect(built.urlRequest.httpBody == Data("year=2025".utf8))
        #expect(built.urlRequest.value(forHTTPHeaderField: "Content-Type") == RequestBuilder.formContentType)
        #expect(built.download != nil)
    }

    @Test func aBodyOnGetIsStillRefused() {
        #expect(throws: QuiverError.self) {
            try endpoint(.get, .downloadCarrying(.json(["year": 2025]), to: destination)).urlRequest()
        }
    }
}
