import Foundation
import Testing
@testable import Quiver

/// T21HTTPRequester's and Moya's `URLEncoding.default` parameters, written as `.query` for
/// `GET`, `HEAD` and `DELETE` and `.form` for the methods with a body.
@Suite struct QueryAndFormTaskTests {
    private struct Service: TargetType {
        let method: HTTPMethod
        var baseURL: URL { exampleBase }
        var path: String { "session" }
        var task: HTTPTask {
            let parameters: Parameters = ["user": "ada", "password": "s3cret"]
            return method == .get || method == .head || method == .delete ? .query(parameters) : .form(parameters)
        }
    }

    @Test(arguments: [HTTPMethod.get, .head, .delete])
    func aQueryGoesInTheURLWithNoBody(method: HTTPMethod) async throws {
        let transport = RecordingTransport()
        _ = try await Provider<Service>(transport: transport).response(for: Service(method: method))
        let sent = try #require(transport.requests.first)
        #expect(sent.url.query == "password=s3cret&user=ada")
        #expect(sent.body == .none)
    }

    @Test(arguments: [HTTPMethod.post, .put, .patch])
    func aFormGoesInTheBodyWithItsContentType(method: HTTPMethod) async throws {
        let transport = RecordingTransport()
        _ = try await Provider<Service>(transport: transport).response(for: Service(method: method))
        let sent = try #require(transport.requests.first)
        #expect(sent.url.query == nil)
        #expect(sent.body == .data(Data("password=s3cret&user=ada".utf8)))
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }
}
