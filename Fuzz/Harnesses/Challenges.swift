// `WWW-Authenticate` / `Proxy-Authenticate` challenges: `AuthenticationChallenge.parse` (Basic,
// Digest, several challenges in one field, several fields joined by commas as Linux hands them
// over), and the `Authorization: Digest …` answer `DigestAuthorization` writes to a challenge.
//
// Input: a mode byte. Mode even: the rest is a header value, parsed as it is. Mode odd: the rest
// describes challenges (a scheme token and parameters: names, values of any bytes), written by
// the harness as RFC 9110 says (values as quoted strings, `"` and `\` escaped), joined by `, `.
// Properties:
// - any value: parsing ends; every scheme is a non-empty lowercased token, every parameter name a
//   lowercased token (`/` allowed: the scanner keeps a token68 such as `abc/d==` whole);
// - written challenges parse back to the same schemes and parameters (names lowercased, the last
//   of a repeated name kept), whether they stand in one field or in several joined by commas;
// - for every Digest challenge that can be answered, the answer holds no CR or LF (it must
//   not add a header line) and, parsed as a challenge list, is one `digest` challenge whose
//   realm, nonce, uri, qop and opaque are the challenge's and the request's own (quoted values,
//   CR and LF dropped): a value from the server never adds or changes a parameter.
import Foundation
@testable import Quiver

enum ChallengesHarness: FuzzHarness {
    static let name = "Challenges"

    static let tokenCharacters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~".utf8)

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let mode = input.byte()
        var parsed: [AuthenticationChallenge]
        if mode % 2 == 0 {
            let header = String(decoding: input.rest, as: UTF8.self)
            parsed = AuthenticationChallenge.parse(header)
            for challenge in parsed {
                require(!challenge.scheme.isEmpty && isLowercasedToken(challenge.scheme), "scheme \(challenge.scheme.debugDescription) from \(header.debugDescription)")
                for name in challenge.parameters.keys {
                    require(!name.isEmpty && isLowercasedToken(name), "parameter \(name.debugDescription) from \(header.debugDescription)")
                }
            }
        } else {
            var written: [(scheme: String, parameters: [(String, String)])] = []
            for _ in 0..<input.int(in: 1...4) where !input.isAtEnd {
                let scheme = token(&input, fallback: ["Basic", "Digest", "Bearer", "Negotiate"][Int(mode >> 1) % 4])
                var parameters: [(String, String)] = []
                for _ in 0..<input.int(in: 0...5) {
                    let name = token(&input, fallback: ["realm", "nonce", "qop", "algorithm", "opaque", "stale", "charset"][Int(input.byte()) % 7])
                    parameters.append((name, input.string(upTo: 24)))
                }
                written.append((scheme, parameters))
            }
            let fields = written.map { challenge in
                ([challenge.scheme] + [challenge.parameters.map { "\($0.0)=\(quoted($0.1))" }.joined(separator: ", ")])
                    .filter { !$0.isEmpty }.joined(separator: " ")
            }
            let expected = written.map { challenge in
                AuthenticationChallenge(scheme: challenge.scheme.lowercased(), parameters: Dictionary(
                    challenge.parameters.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { _, last in last }))
            }
            for separator in [", ", ",", " ,\t, "] {
                let header = fields.joined(separator: separator)
                parsed = AuthenticationChallenge.parse(header)
                require(parsed == expected, "\(header.debugDescription) parsed as \(parsed), expected \(expected)")
            }
            parsed = expected
        }

        for challenge in parsed {
            for bodyIsKnown in [false, true] {
                guard let digest = DigestAuthorization(challenge, bodyIsKnown: bodyIsKnown) else { continue }
                let uri = "/dir/index.html?q=\"a\\b\""
                let answer = digest.header(user: "Mufasa", password: "Circle of Life", method: "GET", uri: uri,
                                           body: Data("body".utf8), nonceCount: 1, clientNonce: "0a4f113b")
                require(!answer.utf8.contains { $0 == 0x0D || $0 == 0x0A }, "the answer \(answer.debugDescription) holds CR or LF")
                let read = AuthenticationChallenge.parse(answer)
                require(read.count == 1 && read[0].scheme == "digest", "the answer \(answer.debugDescription) reads as \(read)")
                let fields = read.first?.parameters ?? [:]
                func plain(_ value: String?) -> String? { value.map { String($0.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }) } }
                require(fields["realm"] == plain(challenge["realm"] ?? ""), "realm \(String(describing: fields["realm"])) in \(answer.debugDescription)")
                require(fields["nonce"] == plain(challenge["nonce"]), "nonce \(String(describing: fields["nonce"])) in \(answer.debugDescription)")
                require(fields["opaque"] == plain(challenge["opaque"]), "opaque \(String(describing: fields["opaque"])) in \(answer.debugDescription)")
                require(fields["uri"] == uri, "uri \(String(describing: fields["uri"])) in \(answer.debugDescription)")
                require(fields["qop"] == digest.qop, "qop \(String(describing: fields["qop"])) in \(answer.debugDescription)")
                require(fields["username"] == "Mufasa", "username in \(answer.debugDescription)")
                require(fields["response"]?.count == (digest.algorithm == .md5 || digest.algorithm == .md5Session ? 32 : 64),
                        "response in \(answer.debugDescription)")
            }
        }
    }

    /// A token from the input, or `fallback` when the input gives none.
    static func token(_ input: inout FuzzInput, fallback: String) -> String {
        let raw = input.bytes(upTo: 10)
        let token = String(decoding: raw.map { tokenCharacters[Int($0) % tokenCharacters.count] }, as: UTF8.self)
        return token.isEmpty ? fallback : token
    }

    static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { text.append("\\") }
            text.unicodeScalars.append(scalar)
        }
        return text + "\""
    }

    /// A token, lowercased; `/` too, which Quiver's scanner reads as part of a token so that a
    /// token68 (`abc/d==`) stays one value.
    static func isLowercasedToken(_ text: String) -> Bool {
        text.utf8.allSatisfy { (tokenCharacters.contains($0) || $0 == UInt8(ascii: "/")) && !(0x41...0x5A).contains($0) }
    }
}
