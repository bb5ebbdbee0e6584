import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct RedirectTests {
    private func request(_ url: String, method: String = "GET", body: Data? = nil) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = body
        request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        request.setValue("Basic proxy", forHTTPHeaderField: "Proxy-Authorization")
        request.setValue("session=1", forHTTPHeaderField: "Cookie")
        request.setValue("kept", forHTTPHeaderField: "X-Other")
        return request
    }

    @Test(arguments: ["https://other.example.com/a", "http://api.example.com/a", "https://api.example.com:8443/a"])
    func credentialsAreDroppedWhenTheOriginChanges(target: String) {
        let original = request("https://api.example.com/start")
        let next = Redirect.request(following: request(target), from: original)
        #expect(next.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(next.value(forHTTPHeaderField: "Proxy-Authorization") == nil)
        #expect(next.value(forHTTPHeaderField: "Cookie") == nil)
        #expect(next.value(forHTTPHeaderField: "X-Other") == "kept")
    }

    @Test(arguments: ["https://api.example.com/b", "https://API.example.com:443/b", "HTTPS://api.example.com/c?x=1"])
    func credentialsStayWithinTheSameOrigin(target: String) {
        let next = Redirect.request(following: request(target), from: request("https://api.example.com/start"))
        #expect(next.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
        #expect(next.value(forHTTPHeaderField: "Cookie") == "session=1")
    }

    @Test func a307IsRepeatedWithMethodAndBodyAtItsLocation() throws {
        let original = request("https://api.example.com/upload", method: "POST", body: Data("payload".utf8))
        let http = HTTPURLResponse(url: original.url!, statusCode: 307, httpVersion: nil, headerFields: ["Location": "/v2/upload"])
        let next = try #require(Redirect.repeating(original, after: Response(statusCode: 307, data: Data(), request: original, response: http)))
        #expect(next.url?.absoluteString == "https://api.example.com/v2/upload")
        #expect(next.httpMethod == "POST")
        #expect(next.httpBody == Data("payload".utf8))
        #expect(next.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
    }

    @Test func a308ToAnotherOriginKeepsTheBodyButNotTheCredentials() throws {
        let original = request("https://api.example.com/upload", method: "PUT", body: Data("payload".utf8))
        let http = HTTPURLResponse(url: original.url!, statusCode: 308, httpVersion: nil,
                                   headerFields: ["Location": "https://cdn.example.net/upload"])
        let next = try #require(Redirect.repeating(original, after: Response(statusCode: 308, data: Data(), request: original, response: http)))
        #expect(next.httpBody == Data("payload".utf8))
        #expect(next.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test(arguments: [(302, "/x"), (307, nil), (308, "ftp://files.example.com/x")] as [(Int, String?)])
    func otherResponsesAreNotRepeated(status: Int, location: String?) {
        let original = request("https://api.example.com/upload", method: "POST", body: Data("p".utf8))
        let http = HTTPURLResponse(url: original.url!, statusCode: status, httpVersion: nil,
                                   headerFields: location.map { ["Location": $0] } ?? [:])
        #expect(Redirect.repeating(original, after: Response(statusCode: status, data: Data(), request: original, response: http)) == nil)
    }
}
