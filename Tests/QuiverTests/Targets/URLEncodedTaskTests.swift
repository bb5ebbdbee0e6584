import Foundation
import Testing
@testable import Quiver

@Suite struct URLEncodedTaskTests {
    /// T21HTTPRequester's services: `parameters` with `URLEncoding.default`.
    private struct Service: TargetType {
        let method: HTTPMethod
        var baseURL: URL { exampleBase }
        var path: String { "session" }
        var task: HTTPTask { .urlEncoded(["user": "ada", "password": "s3cret"]) }
    }

    @Test(arguments: [HTTPMethod.get, .head, .delete])
    func parametersGoInTheQueryForGetHeadAndDelete(method: HTTPMethod) async throws {
        let transport = RecordingTransport()
        _ = try await Provider<Service>(transport: transport).response(for: Service(method: method))
        let sent = try #require(transport.requests.first)
        #expect(sent.url.query == "password=s3cret&user=ada")
        #expect(sent.body == .none)
    }

    @Test(arguments: [HTTPMethod.post, .put, .patch])
    func parametersGoInAFormBodyOtherwise(method: HTTPMethod) async throws {
        let transport = RecordingTransport()
        _ = try await Provider<Service>(transport: transport).response(for: Service(method: method))
        let sent = try #require(transport.requests.first)
        #expect(sent.url.query == nil)
        #expect(sent.body == .data(Data("password=s3cret&user=ada".utf8)))
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }
}
