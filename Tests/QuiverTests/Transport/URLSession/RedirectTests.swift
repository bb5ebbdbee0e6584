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

    /// Both URLSession exchanges follow a redirect through one place: the redirect's cookies go
    /// into the jar, the caller's own `Cookie` header is learned once, and the next request
    /// carries it with the jar's cookies within the origin, the jar's alone for another origin.
    @Test func aFollowedRedirectCarriesTheJarsCookiesAndTheCallersOwnWithinItsOrigin() throws {
        let jar = CookieJar()
        let original = request("https://api.example.com/start")
        let redirect = try #require(HTTPURLResponse(url: original.url!, statusCode: 302, httpVersion: nil,
                                                    headerFields: ["Set-Cookie": "jar=2; Path=/"]))
        var own: String?? = nil
        let same = Redirect.request(following: request("https://api.example.com/next"), from: original,
                                    after: redirect, cookies: jar, own: &own)
        #expect(same.value(forHTTPHeaderField: "Cookie") == "session=1; jar=2")
        #expect(same.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
        #expect(own == .some("session=1"))

        var elsewhereOwn: String?? = nil
        let elsewhere = Redirect.request(following: request("https://other.example.com/next"), from: original,
                                         after: redirect, cookies: jar, own: &elsewhereOwn)
        #expect(elsewhere.value(forHTTPHeaderField: "Cookie") == nil)
        #expect(elsewhere.value(forHTTPHeaderField: "Authorization") == nil)

        var withoutJar: String?? = nil
        let plain = Redirect.request(following: request("https://api.example.com/next"), from: original,
                                     after: redirect, cookies: nil, own: &withoutJar)
        #expect(plain.value(forHTTPHeaderField: "Cookie") == "session=1")
        #expect(withoutJar == nil)
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
