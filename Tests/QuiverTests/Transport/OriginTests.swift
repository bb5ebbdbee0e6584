import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct OriginTests {
    @Test func schemeAndHostAreComparedInAnyCaseAndTheDefaultPortIsFilledIn() throws {
        let origin = Origin(try #require(URL(string: "HTTPS://Example.com/x")))
        #expect(origin == Origin(try #require(URL(string: "https://example.com:443/y?z=1"))))
        #expect(origin.port == 443)
        #expect(origin != Origin(try #require(URL(string: "http://example.com/x"))))
        #expect(origin != Origin(try #require(URL(string: "https://example.com:8443/x"))))
    }

    @Test func aResponseFromAnotherOriginIsNotTheRequestsOwn() throws {
        let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:8080/me")))
        func response(from url: String) throws -> Response {
            let answered = try #require(URL(string: url))
            let http = try #require(HTTPURLResponse(url: answered, statusCode: 401, httpVersion: "HTTP/1.1", headerFields: nil))
            return Response(statusCode: 401, data: Data(), request: request, response: http)
        }
        #expect(Origin.answered(try response(from: "http://127.0.0.1:8080/elsewhere"), fromOriginOf: request))
        #expect(!Origin.answered(try response(from: "http://127.0.0.1:8081/me"), fromOriginOf: request))
        #expect(!Origin.answered(try response(from: "http://localhost:8080/me"), fromOriginOf: request))
    }
}
