import Foundation
import Testing
@testable import Quiver

@Suite struct FormEncoderEscapingTests {
    let encoder = FormEncoder()

    @Test(arguments: [
        ("+", "%2B"), ("&", "%26"), ("=", "%3D"), (";", "%3B"), ("#", "%23"), ("/", "%2F"), ("?", "%3F"),
        ("%", "%25"), (" ", "%20"), (",", "%2C"), ("[", "%5B"), ("]", "%5D"), (":", "%3A"), ("@", "%40"),
        ("!", "%21"), ("*", "%2A"), ("'", "%27"), ("(", "%28"), (")", "%29"), ("$", "%24"), ("\"", "%22"),
        ("\n", "%0A"), ("\u{7F}", "%7F"),
        ("é", "%C3%A9"), ("e\u{301}", "e%CC%81"), ("€", "%E2%82%AC"), ("👍", "%F0%9F%91%8D"),
        ("日本", "%E6%97%A5%E6%9C%AC"),
        ("AZaz09-._~", "AZaz09-._~"),
        ("a b+c&d=e", "a%20b%2Bc%26d%3De"),
    ])
    func valuesAndKeysArePercentEncodedAsUTF8(raw: String, escaped: String) throws {
        #expect(try encoder.encode(["k": .string(raw)]) == "k=\(escaped)")
        #expect(try encoder.encode([raw: "v"]) == "\(escaped)=v")
        #expect(try encoder.encode(["o": [raw: .string(raw)]]) == "o%5B\(escaped)%5D=\(escaped)")
    }

    @Test func onlyUnreservedASCIIBytesAreLeftAsTheyAre() throws {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        for byte in UInt8(1)...UInt8(127) {
            let text = String(decoding: [byte], as: UTF8.self)
            let expected = unreserved.contains(byte) ? text : String(format: "%%%02X", byte)
            #expect(try encoder.encode(["k": .string(text)]) == "k=\(expected)", "byte \(byte)")
        }
    }

    @Test func hexDigitsAreUppercase() throws {
        #expect(try encoder.encode(["k": "\u{FF}\u{1F}"]) == "k=%C3%BF%1F")
    }

    @Test func plusReplacedWritesSpacesAsPlusButKeepsLiteralPlusEscaped() throws {
        let encoder = FormEncoder(spaceEncoding: .plusReplaced)
        #expect(try encoder.encode(["a key": "a b+c", "list": ["x y"]]) == "a+key=a+b%2Bc&list%5B%5D=x+y")
    }

    @Test func generatedBracketsAreEscapedLikeLiteralOnes() throws {
        #expect(try encoder.encode(["a": ["b": 1]]) == "a%5Bb%5D=1")
        #expect(try encoder.encode(["a[b]": 1]) == "a%5Bb%5D=1")
        #expect(try encoder.encode(["a": [1]]) == "a%5B%5D=1")
    }

    @Test func commaSeparatedJoinerIsLiteralWhileCommasInValuesAreEscaped() throws {
        let encoder = FormEncoder(arrayEncoding: .commaSeparated)
        #expect(try encoder.encode(["a": ["1,2", "3 4", "5"]]) == "a=1%2C2,3%204,5")
    }

    @Test(arguments: [FormEncoder.SpaceEncoding.percentEscaped, .plusReplaced])
    func outputRoundTripsThroughURLComponents(spaceEncoding: FormEncoder.SpaceEncoding) throws {
        let encoder = FormEncoder(spaceEncoding: spaceEncoding)
        let parameters: Parameters = [
            "name": "José Müller 👍",
            "math": "1+1=2 & 3;4",
            "path": "/a/b?c#d",
            "pct": "100%",
            "filter": ["q": "a=b&c", "tags": ["x y", "z+w"]],
            "日本": "語",
        ]
        let query = try encoder.encode(parameters)
        #expect(query.utf8.allSatisfy { $0 < 0x80 })

        // URLComponents does not read `+` as a space; every `+` in the output
        // is one, since a literal plus is always written as `%2B`.
        let plusReplaced = if case .plusReplaced = spaceEncoding { true } else { false }
        var components = URLComponents()
        components.percentEncodedQuery = plusReplaced ? query.replacingOccurrences(of: "+", with: "%20") : query
        let items = try #require(components.queryItems)
        let pairs = items.map { ($0.name, $0.value ?? "") }
        #expect(pairs.map(\.0) == ["filter[q]", "filter[tags][]", "filter[tags][]", "math", "name", "path", "pct", "日本"])
        #expect(pairs.map(\.1) == ["a=b&c", "x y", "z+w", "1+1=2 & 3;4", "José Müller 👍", "/a/b?c#d", "100%", "語"])
    }

    @Test func roundTripMatchesQueryItemsBuiltByHand() throws {
        let parameters: Parameters = ["q": "swift & linux", "page": 3, "sort": "-date"]
        var components = URLComponents()
        components.percentEncodedQuery = try encoder.encode(parameters)
        #expect(components.queryItems == [
            URLQueryItem(name: "page", value: "3"),
            URLQueryItem(name: "q", value: "swift & linux"),
            URLQueryItem(name: "sort", value: "-date"),
        ])
    }
}
