// The redaction passes (`RedactionPass`, what the logger, fixtures and descriptions redact
// through) over arbitrary bodies, with a planted secret.
//
// Input: byte 0 chooses where the secret is learned from (an `Authorization: Bearer` token, a
// `Cookie` value, or a `password` in a JSON request body), byte 1 its length (6 to 37 bytes,
// six being the documented minimum), then its bytes (mapped onto the characters that place
// allows); the rest builds a body: each byte either plants the secret in one of the spellings
// Security.md promises (raw, percent-encoded, JSON-escaped, with `\/`, JSON-escaped twice,
// escaped then percent-encoded, base64 aligned on a 3-byte boundary) or adds up to 24 bytes of
// the input as they are.
// Property: after `finish` (on the body as bytes and as text), no spelling of the secret stands
// anywhere between two markers.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Quiver

enum RedactionHarness: FuzzHarness {
    static let name = "Redaction"

    static let unreserved = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    /// RFC 7235 token68, without its trailing `=`s.
    static let token68 = unreserved + Array("+/".utf8)
    /// RFC 6265 cookie-octet.
    static let cookieOctets = (0x21...0x7E).map(UInt8.init).filter { ![0x22, 0x2C, 0x3B, 0x5C].contains($0) }
    /// Printable ASCII but a space, `"` and `\`: a JSON string's text without escapes.
    static let jsonText = (0x21...0x7E).map(UInt8.init).filter { ![0x22, 0x5C].contains($0) }

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let place = input.int(in: 0...2)
        let length = 6 + input.int(in: 0...31)
        let alphabet = [token68, cookieOctets, jsonText][place]
        let secret = (0..<length).map { _ in alphabet[Int(input.byte()) % alphabet.count] }
        let text = String(decoding: secret, as: UTF8.self)

        var request = URLRequest(url: URL(string: "https://api.example.com/v1/login")!)
        switch place {
        case 0: request.setValue("Bearer " + text, forHTTPHeaderField: "Authorization")
        case 1: request.setValue("theme=dark; session=" + text, forHTTPHeaderField: "Cookie")
        default: request.httpBody = Data("{\"user\":\"ann\",\"password\":\"\(text)\"}".utf8)
        }
        var pass = RedactionPass(Redactor(Redaction.default))
        pass.collect(from: request, includingBody: true)

        let spellings = Self.spellings(of: secret)
        var body: [UInt8] = []
        while !input.isAtEnd {
            let choice = Int(input.byte())
            if choice % 10 < spellings.count {
                body += spellings[choice % 10]
            } else if choice % 10 == 8 {
                // The secret inside a longer base64 text, starting on a 3-byte boundary.
                let before = Array(input.bytes(upTo: 4))
                let padded = Array(before.prefix(before.count - before.count % 3)) + secret + Array(input.bytes(upTo: 4))
                body += Array(Data(padded).base64EncodedString().utf8)
            } else {
                body += input.bytes(upTo: 24)
            }
        }
        let marker = Array(Redaction.default.marker.utf8)
        let searched = spellings + [base64(secret)]
        for (kind, output) in [("bytes", Array(pass.finish(Data(body)))),
                               ("text", Array(pass.finish(String(decoding: body, as: UTF8.self)).utf8))] {
            for piece in split(output, at: marker) {
                for spelling in searched where spelling.count >= 6 && contains(piece, spelling) {
                    FuzzFailure.report("""
                        the secret \(text.debugDescription) (learned from \(["a Bearer token", "a cookie", "a JSON password"][place])) \
                        survives as \(String(decoding: spelling, as: UTF8.self).debugDescription) in the redacted \(kind): \
                        \(String(decoding: output, as: UTF8.self).debugDescription)
                        """)
                }
            }
        }
    }

    /// The spellings Security.md promises, written here from its words: raw, percent-encoded
    /// (all but `A–Z a–z 0–9 - . _ ~`), JSON-escaped, JSON-escaped with `\/`, each twice, and
    /// escaped then percent-encoded; base64 is planted apart.
    static func spellings(of secret: [UInt8]) -> [[UInt8]] {
        [secret, percentEncoded(secret), jsonEscaped(secret, slash: false), jsonEscaped(secret, slash: true),
         jsonEscaped(jsonEscaped(secret, slash: false), slash: false), jsonEscaped(jsonEscaped(secret, slash: true), slash: true),
         percentEncoded(jsonEscaped(secret, slash: false)), Array(Data(secret).base64EncodedString().utf8)]
    }

    /// The base64 of the longest prefix of whole 3-byte groups: what stands in any aligned base64 text holding it.
    static func base64(_ secret: [UInt8]) -> [UInt8] {
        Array(Data(secret.prefix(secret.count - secret.count % 3)).base64EncodedString().utf8)
    }

    static func percentEncoded(_ bytes: [UInt8]) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        return bytes.flatMap { byte in
            unreserved.contains(byte) ? [byte] : [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
        }
    }

    static func jsonEscaped(_ bytes: [UInt8], slash: Bool) -> [UInt8] {
        bytes.flatMap { byte -> [UInt8] in
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "/") where slash: [UInt8(ascii: "\\"), byte]
            default: [byte]
            }
        }
    }

    static func split(_ bytes: [UInt8], at marker: [UInt8]) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index..<(index + marker.count)].elementsEqual(marker) {
                pieces.append(bytes[start..<index])
                index += marker.count
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(bytes[start...])
        return pieces
    }

    static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
