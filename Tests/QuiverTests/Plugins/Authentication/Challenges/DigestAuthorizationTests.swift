import Foundation
import Testing
@testable import Quiver

/// Parsing `WWW-Authenticate` and answering Digest challenges, checked against RFC 7616 §3.9.1.
@Suite struct DigestAuthorizationTests {
    /// The challenge of RFC 7616's example, with `algorithm` as given.
    private func rfcChallenge(algorithm: String) -> AuthenticationChallenge {
        let header = #"Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=\#(algorithm), "#
            + #"nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#
        return AuthenticationChallenge.parse(header)[0]
    }

    @Test(arguments: [("MD5", "8ca523f5e9506fed4657c9700eebdbec"),
                      ("SHA-256", "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1")])
    func answerMatchesTheRFC7616Example(algorithm: String, expected: String) throws {
        let digest = try #require(DigestAuthorization(rfcChallenge(algorithm: algorithm), bodyIsKnown: true))
        let header = digest.header(user: "Mufasa", password: "Circle of Life", method: "GET", uri: "/dir/index.html",
                                   body: nil, nonceCount: 1, clientNonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ")
        #expect(header.contains(#"response="\#(expected)""#))
        #expect(header.hasPrefix(#"Digest username="Mufasa", realm="http-auth@example.org""#))
        #expect(header.contains("qop=auth, nc=00000001, "))
        #expect(header.contains(#"opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#))
        #expect(header.contains("algorithm=\(algorithm)"))
    }

    @Test func severalChallengesInOneHeaderAreSplitWithTheirParameters() {
        let challenges = AuthenticationChallenge.parse(
            #"Newauth realm="apps", type=1, title="Login to \"apps\"", Basic realm="simple", Digest nonce="n,1""#)
        #expect(challenges.map(\.scheme) == ["newauth", "basic", "digest"])
        #expect(challenges[0]["title"] == #"Login to "apps""#)
        #expect(challenges[0]["type"] == "1")
        #expect(challenges[1]["realm"] == "simple")
        #expect(challenges[2]["nonce"] == "n,1")
    }

    @Test func sha256IsPreferredOverMD5AndDigestOverBasic() {
        let challenges = AuthenticationChallenge.parse(
            #"Basic realm="r", Digest realm="r", nonce="a", qop="auth", Digest realm="r", nonce="b", qop="auth", algorithm=SHA-256"#)
        #expect(CredentialsPlugin.preferred(challenges, bodyIsKnown: true)?["nonce"] == "b")
        #expect(CredentialsPlugin.preferred(Array(challenges.prefix(2)), bodyIsKnown: true)?["nonce"] == "a")
        #expect(CredentialsPlugin.preferred([challenges[0]], bodyIsKnown: true)?.scheme == "basic")
    }

    @Test func unknownAlgorithmsAndUnusableQopAreNotAnswered() {
        let sha512 = AuthenticationChallenge.parse(#"Digest realm="r", nonce="n", qop="auth", algorithm=SHA-512-256"#)[0]
        #expect(DigestAuthorization(sha512, bodyIsKnown: true) == nil)
        let integrityOnly = AuthenticationChallenge.parse(#"Digest realm="r", nonce="n", qop="auth-int""#)[0]
        #expect(DigestAuthorization(integrityOnly, bodyIsKnown: false) == nil)
        #expect(DigestAuthorization(integrityOnly, bodyIsKnown: true)?.qop == "auth-int")
        let noNonce = AuthenticationChallenge.parse(#"Digest realm="r""#)[0]
        #expect(DigestAuthorization(noNonce, bodyIsKnown: true) == nil)
    }

    @Test func aServerWithoutQopGetsTheRFC2069Answer() throws {
        let challenge = AuthenticationChallenge.parse(#"Digest realm="r", nonce="n""#)[0]
        let digest = try #require(DigestAuthorization(challenge, bodyIsKnown: true))
        let header = digest.header(user: "u", password: "p", method: "GET", uri: "/", body: nil,
                                   nonceCount: 1, clientNonce: "c")
        let expected = DigestAuthorization.hex(MD5.hash(Array(
            (DigestAuthorization.hex(MD5.hash(Array("u:r:p".utf8))) + ":n:"
             + DigestAuthorization.hex(MD5.hash(Array("GET:/".utf8)))).utf8)))
        #expect(header.contains(#"response="\#(expected)""#))
        #expect(!header.contains("nc="))
    }

    @Test func userNamesAQuotedStringCannotCarryAreSentPercentEncoded() {
        #expect(DigestAuthorization.userField("ada") == #"username="ada""#)
        #expect(DigestAuthorization.userField("J\u{E4}s\u{F8}n \"D\"") == "username*=UTF-8''J%C3%A4s%C3%B8n%20%22D%22")
        #expect(DigestAuthorization.userField("a\r\nX-Evil: 1") == "username*=UTF-8''a%0D%0AX-Evil%3A%201")
        #expect(DigestAuthorization.quoted("a\"b\\c\r\n") == #""a\"b\\c""#)
    }

    @Test func nonceCountsAreEightHexDigits() {
        #expect(DigestAuthorization.nonceCountText(1) == "00000001")
        #expect(DigestAuthorization.nonceCountText(255) == "000000ff")
    }

    @Test func theRequestTargetKeepsPathAndQueryAsSent() throws {
        #expect(CredentialsPlugin.requestTarget(of: try #require(URL(string: "http://h/a%20b?x=1&y=%2F"))) == "/a%20b?x=1&y=%2F")
        #expect(CredentialsPlugin.requestTarget(of: try #require(URL(string: "http://h"))) == "/")
    }
}
