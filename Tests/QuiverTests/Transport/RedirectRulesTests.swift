import Foundation
import Testing
import Quiver

/// The redirect rules as a transport of one's own applies them, through the public API only.
@Suite struct RedirectRulesTests {
    private let start = URL(string: "https://api.example.com/v1/start")!

    @Test func credentialFieldsAreRecognisedInAnyCase() {
        for name in ["Authorization", "authorization", "PROXY-AUTHORIZATION", "cookie"] {
            #expect(RedirectRules.isCredential(headerField: name), "\(name)")
        }
        for name in ["Set-Cookie", "X-Authorization", "Accept", ""] {
            #expect(!RedirectRules.isCredential(headerField: name), "\(name)")
        }
        #expect(RedirectRules.credentialHeaderFields.allSatisfy(RedirectRules.isCredential(headerField:)))
    }

    @Test(arguments: ["https://API.example.com:443/other", "HTTPS://api.example.com/x?y=1"])
    func theSameSchemeHostAndPortAreOneOrigin(target: String) throws {
        #expect(RedirectRules.isSameOrigin(start, try #require(URL(string: target))))
    }

    @Test(arguments: ["http://api.example.com/v1", "https://api.example.com:8443/v1", "https://cdn.example.com/v1"])
    func anotherSchemeHostOrPortIsAnotherOrigin(target: String) throws {
        #expect(!RedirectRules.isSameOrigin(start, try #require(URL(string: target))))
    }

    @Test func onlyA307OrA308RepeatsMethodAndBody() {
        #expect(RedirectRules.keepsMethodAndBody(statusCode: 307))
        #expect(RedirectRules.keepsMethodAndBody(statusCode: 308))
        for status in [300, 301, 302, 303, 304, 200] {
            #expect(!RedirectRules.keepsMethodAndBody(statusCode: status), "\(status)")
        }
    }

    @Test func a303OrA301And302OfAPostBecomeAGet() {
        #expect(RedirectRules.becomesGet(statusCode: 303, method: .put))
        #expect(RedirectRules.becomesGet(statusCode: 303, method: .post))
        #expect(!RedirectRules.becomesGet(statusCode: 303, method: .head))
        #expect(RedirectRules.becomesGet(statusCode: 301, method: .post))
        #expect(RedirectRules.becomesGet(statusCode: 302, method: .post))
        #expect(!RedirectRules.becomesGet(statusCode: 302, method: .put))
        #expect(!RedirectRules.becomesGet(statusCode: 307, method: .post))
    }

    @Test func aLocationIsResolvedAgainstTheURLAndOnlyHTTPIsFollowed() {
        #expect(RedirectRules.destination(ofLocation: "/v2/next?a=1", from: start)?.absoluteString
                == "https://api.example.com/v2/next?a=1")
        #expect(RedirectRules.destination(ofLocation: "other", from: start)?.absoluteString
                == "https://api.example.com/v1/other")
        #expect(RedirectRules.destination(ofLocation: "http://cdn.example.net/x", from: start)?.host == "cdn.example.net")
        #expect(RedirectRules.destination(ofLocation: "ftp://files.example.com/x", from: start) == nil)
        #expect(RedirectRules.destination(ofLocation: "mailto:a@example.com", from: start) == nil)
    }
}
