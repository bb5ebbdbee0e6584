import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct RedactorTests {
    private let redactor = Redactor(
        names: ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "api_key", "password", "token"],
        marker: "<redacted>")

    @Test(arguments: [
        ("https://h.test/p?api_key=abc123&page=2", "https://h.test/p?api_key=<redacted>&page=2"),
        ("https://h.test/p?page=2&API_KEY=abc123#frag", "https://h.test/p?page=2&API_KEY=<redacted>#frag"),
        ("https://h.test/p?api%5Fkey=abc123", "https://h.test/p?api%5Fkey=<redacted>"),
        ("https://h.test/p?apikey=1&my_api_key=2", "https://h.test/p?apikey=1&my_api_key=2"),
        ("user=ada&password=hunter22&remember=1", "user=ada&password=<redacted>&remember=1"),
        ("user%5Bpassword%5D=hunter22&user%5Bname%5D=ada", "user%5Bpassword%5D=<redacted>&user%5Bname%5D=ada"),
        ("token[]=a1&token[]=b2&tokens[]=c3", "token[]=<redacted>&token[]=<redacted>&tokens[]=c3"),
        ("token]=a1&x=2", "token]=<redacted>&x=2"),
        ("PASSWORD=hunter22&Token=t0k3n", "PASSWORD=<redacted>&Token=<redacted>"),
        ("api+key=k1&api%20key=k2&pass+word=p", "api+key=k1&api%20key=k2&pass+word=p"),
    ])
    func parameterValuesOfListedNamesAreReplaced(input: String, expected: String) {
        #expect(redactor.redact(input).text == expected)
    }

    @Test(arguments: [
        (#"{"items":[{"name":"ada","password":"p1"},{"deep":{"password":"p2"}}],"name":"bob"}"#,
         #"{"items":[{"name":"ada","password":"<redacted>"},{"deep":{"password":"<redacted>"}}],"name":"bob"}"#),
        (#"{"password": {"old": "a", "new": ["b"]}, "x": 1}"#, #"{"password": "<redacted>", "x": 1}"#),
        (#"{"password": 1234, "token": true, "x": null}"#, #"{"password": "<redacted>", "token": "<redacted>", "x": null}"#),
        (#"{"password": "a\"b", "x": "y"}"#, #"{"password": "<redacted>", "x": "y"}"#),
        (#"{"Password" : "a"}"#, #"{"Password" : "<redacted>"}"#),
        (#"{"note": "password", "list": ["token", "x"]}"#, #"{"note": "password", "list": ["token", "x"]}"#),
        (#"{"url": "https://h.test/?api_key=k1&b=2"}"#, #"{"url": "https://h.test/?api_key=<redacted>&b=2"}"#),
    ])
    func jsonValuesOfListedKeysAreReplacedAtAnyDepth(input: String, expected: String) {
        #expect(redactor.redact(input).text == expected)
    }

    @Test(arguments: [
        ("Authorization: Bearer abc\nnext line", "Authorization: <redacted>\nnext line"),
        ("-H 'authorization: Basic YWRhOnB3' -H 'Accept: */*'", "-H 'authorization: <redacted>' -H 'Accept: */*'"),
        ("x-api-key:k3y", "x-api-key:<redacted>"),
        ("Content-Type: text/plain", "Content-Type: text/plain"),
        ("https://ada:s3cret@h.test/p", "https://ada:<redacted>@h.test/p"),
        ("https://h.test/p@2x.png", "https://h.test/p@2x.png"),
    ])
    func headerValuesAndURLPasswordsInFreeTextAreReplaced(input: String, expected: String) {
        #expect(redactor.redact(input).text == expected)
    }

    @Test func namesAreListedWhateverTheirCaseAndOnlyWhole() {
        let redactor = Redactor(names: ["Authorization", "x-api-key", "pässwort", "token"], marker: "")
        for name in ["authorization", "AUTHORIZATION", "Authorization", "X-Api-Key", "token", "TOKEN"] {
            #expect(redactor.isListed(name), "\(name)")
        }
        #expect(redactor.isListed("PÄSSWORT"))
        #expect(redactor.isListed("Pässwort"[...]))
        for name in ["authorizatio", "authorizationx", "x-api-kez", "tokens", "", "X_API_KEY", "tok\u{0}n", "a-very-long-header-name-longer-than-any-listed"] {
            #expect(!redactor.isListed(name), "\(name)")
        }
    }

    @Test func removedValuesAreReported() {
        let removed = redactor.redact(#"https://h.test/?api_key=k1 {"password":"p2"} Cookie: c=3"#).removed
        #expect(removed == ["k1", "p2", "c=3"])
    }

    @Test(arguments: [
        "https://h.test/p?api_key=abc123&page=2",
        #"{"items":[{"password":{"a":"b"}}],"token":7}"#,
        "Authorization: Bearer abc",
        "https://ada:s3cret@h.test/p?token=x",
        "password=&token=",
    ])
    func redactingTwiceChangesNothing(input: String) {
        for marker in ["<redacted>", "***", "[hidden value]"] {
            let redactor = Redactor(names: ["authorization", "api_key", "password", "token"], marker: marker)
            let once = redactor.redact(input).text
            #expect(redactor.redact(once).text == once)
            #expect(redactor.redact(once).removed.isEmpty)
        }
    }

    @Test func anEmptyMarkerFallsBackToTheDefault() {
        #expect(Redactor(names: ["token"], marker: "").redact("token=abc").text == "token=<redacted>")
    }

    @Test func scrubReplacesLongValuesLongestFirstAndKeepsShortOnes() {
        let marker = Array("<redacted>".utf8)
        var secrets = SecretSet()
        for value in ["SECRET-1234", "Bearer SECRET-1234", "abc", "redacted"] {
            secrets.insert(Array(value.utf8), marker: marker)
        }
        let text = "Bearer SECRET-1234 and SECRET-1234 and abc"
        #expect(secrets.scrub(text, marker: marker) == "<redacted> and <redacted> and abc")
        #expect(secrets.scrub("nothing here", marker: marker) == "nothing here")
        #expect(secrets.values.map(\.count) == [18, 11])   // longest first; short and marker parts left out
    }

    /// The spellings searched for, pinned as text: a value that escaping leaves alone gets only
    /// its base64 spelling besides itself, and one with `/` and `"` gets every escaping.
    @Test func spellingsOfAValueAreExactlyThoseItsBytesCallFor() {
        func spellings(_ value: String) -> [String] {
            SecretSet.spellings(of: Array(value.utf8)).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(spellings("abc-DEF_123.xyz~") == ["abc-DEF_123.xyz~", "YWJjLURFRl8xMjMueHl6"])
        #expect(Set(spellings(#"pa/ss"wd"#)) == [
            #"pa/ss"wd"#, "pa%2Fss%22wd",
            #"pa/ss\"wd"#, #"pa/ss\\\"wd"#, "pa%2Fss%5C%22wd",
            #"pa\/ss\"wd"#, #"pa\\\/ss\\\"wd"#,
            "cGEvc3Mi",
        ])
    }

    /// A scrubbed copy of a set finds a value as the set itself does: the spellings one of them
    /// made are the other's too.
    @Test func copiesOfASetScrubAlike() {
        let marker = Array("<redacted>".utf8)
        var secrets = SecretSet()
        secrets.insert(Array(#"tok"en-42"#.utf8), marker: marker)
        let copy = secrets
        let echoed = #"{"data": "tok\"en-42"}"#
        #expect(copy.scrub(echoed, marker: marker) == #"{"data": "<redacted>"}"#)
        #expect(secrets.scrub(echoed, marker: marker) == #"{"data": "<redacted>"}"#)
    }

    /// Every spelling of a value is found, whatever bytes the value begins with: the look for
    /// how spellings begin never skips one that is there.
    @Test(arguments: ["abc-DEF_123.xyz~", "Bearer tok-123456", #"pa/ss"wd"#, "/leading-slash", #""quoted"-start"#,
                      "tok+en%2F1", "héllo-wörld", "line\nbreak-secret"])
    func everySpellingOfAValueIsScrubbedWhereverItStands(value: String) {
        let marker = Array("<redacted>".utf8)
        let spellings = SecretSet.spellings(of: Array(value.utf8)).map { String(decoding: $0, as: UTF8.self) }
        for spelling in spellings {
            var secrets = SecretSet()
            secrets.insert(Array(value.utf8), marker: marker)
            let scrubbed = secrets.scrub("before \(spelling) after", marker: marker)
            // `\/leading-slash` holds the value itself: what is left of it is the backslash.
            #expect(scrubbed.hasPrefix("before ") && scrubbed.hasSuffix("<redacted> after"), "\(value): \(spelling)")
            #expect(spellings.allSatisfy { !scrubbed.contains($0) }, "\(value): \(spelling)")
        }
    }

    /// A line that holds no beginning of any other spelling of a value makes none: a token
    /// shorter than the lines costs no spellings on a request whose lines do not echo it.
    @Test func spellingsAreMadeOnlyForALineThatMayHoldOne() {
        let token = Array("ghp_16C7e42F292c6912E7710c838347Ae178B4a".utf8)
        let bearer = Array("Bearer ghp_16C7e42F292c6912E7710c838347Ae178B4a".utf8)
        func mayHold(_ value: [UInt8], in line: String) -> Bool {
            let bytes = Array(line.utf8)
            return SecretSet.mayHoldAnotherSpelling(of: value) { ByteSearch.firstRange(of: $0, in: bytes[...]) != nil }
        }
        let line = "[Quiver] Request: GET https://api.github.com/user/repos?per_page=100&page=2"
        #expect(!mayHold(token, in: line))
        #expect(!mayHold(bearer, in: line))
        // "Z2hw" is how the token's base64 begins; "Bearer" how the other value's spellings do.
        #expect(mayHold(token, in: line + " Z2hw"))
        #expect(!mayHold(bearer, in: line + " Z2hw"))
        #expect(mayHold(bearer, in: line + " Bearer"))
        var secrets = SecretSet()
        secrets.insert(token, marker: Array("<redacted>".utf8))
        #expect(secrets.scrub(line, marker: Array("<redacted>".utf8)) == line)
    }

    @Test func scrubFindsEveryOccurrenceWhereverItStands() {
        let marker = Array("*".utf8)
        var secrets = SecretSet()
        secrets.insert(Array("aab-aab".utf8), marker: marker)
        #expect(secrets.scrub("aaab-aab-aab-aabaab-aab", marker: marker) == "a*-**")
        #expect(secrets.scrub("aab-aa", marker: marker) == "aab-aa")
    }

    /// A token is learned whatever the pass prints: hidden where the URL echoes it in an
    /// unlisted parameter, and in any other line.
    @Test func aSummaryLineHidesATokenItsURLEchoes() {
        let token = "TOKEN-abc.def_123~xyz"
        var echoed = URLRequest(url: URL(string: "https://h.test/a?copy=\(token)")!)
        echoed.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        var pass = RedactionPass(redactor)
        let url = pass.collect(from: echoed, includingBody: false) ?? ""
        #expect(!pass.finish("GET \(url)").contains(token))
        #expect(!pass.secrets.isEmpty)

        var quiet = URLRequest(url: URL(string: "https://h.test/a")!)
        quiet.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        var summary = RedactionPass(redactor)
        summary.collect(from: quiet, includingBody: false)
        #expect(summary.finish("echo \(token)") == "echo <redacted>")
    }

    @Test(arguments: [1, 40, 200, 2_000])
    func aLongTokenIsHiddenInEveryLineItReaches(length: Int) {
        let token = String((0..<length).map { Array("ABCdef123-_.")[$0 % 12] })
        var pass = RedactionPass(redactor)
        var request = URLRequest(url: URL(string: "https://h.test/a?echo=\(token)")!)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        pass.collect(from: request, includingBody: false)
        let line = pass.finish("GET https://h.test/a?echo=\(token) and \"token\": \"\(token)\"")
        #expect(!line.contains(token) || token.utf8.count < Redactor.minimumScrubbedLength)
    }

    @Test func aPassLearnsCredentialsFromHeadersAndHidesThemEverywhere() {
        var pass = RedactionPass(redactor)
        let headers = pass.headers([
            "authorization": "Bearer TOKEN-ABCDEF", "Cookie": "session=COOKIE-123456; theme=dark",
            "Set-Cookie": "id=SETCOOKIE-7890; Path=/; HttpOnly", "X-Api-Key": "KEY-000111", "X-Other": "visible",
        ])
        #expect(headers.map(\.name) == ["authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Other"])
        #expect(headers.map(\.value) == ["<redacted>", "<redacted>", "<redacted>", "<redacted>", "visible"])
        let echo = #"{"seen": "TOKEN-ABCDEF", "c": "COOKIE-123456", "s": "SETCOOKIE-7890", "k": "KEY-000111", "p": "Path=/"}"#
        let finished = pass.finish(echo)
        for secret in ["TOKEN-ABCDEF", "COOKIE-123456", "SETCOOKIE-7890", "KEY-000111"] {
            #expect(!finished.contains(secret))
        }
        #expect(finished.contains(#""p": "Path=/""#))
    }

    @Test func aPassHidesEncodedSpellingsOfLearnedValues() {
        var pass = RedactionPass(redactor)
        _ = pass.text("https://h.test/?api_key=a%2Fb%2Fsecret")
        #expect(pass.finish(#"{"echo": "a/b/secret", "json": "a\/b\/secret"}"#) == #"{"echo": "<redacted>", "json": "<redacted>"}"#)
    }

    @Test(arguments: [("it's", #"'it'\''s'"#), ("plain", "'plain'"), ("''", #"''\'''\'''"#)])
    func curlQuotingEscapesSingleQuotes(input: String, expected: String) {
        #expect(CURLDescription.quoted(input) == expected)
    }

    @Test func truncationCutsOnCharacterBoundaries() {
        #expect(BodyText.truncated(String(repeating: "a", count: 100), maximumBytes: 10) == "aaaaaaaaaa… (90 more bytes)")
        #expect(BodyText.truncated(String(repeating: "é", count: 10), maximumBytes: 5) == "éé… (16 more bytes)")
        #expect(BodyText.truncated("short", maximumBytes: 5) == "short")
        #expect(BodyText.truncated("short", maximumBytes: -1) == "… (5 more bytes)")
    }

    /// The address of a string's UTF-8 storage, to tell the same string from a copy.
    private func storage(of text: String) -> UnsafeRawPointer? {
        text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    @Test func aTextWithNothingToRedactIsReturnedItselfNotACopy() {
        // The logger runs every line it prints through here: a clean line must cost nothing.
        let line = String(repeating: "GET https://api.example.com/v2/users/42 → 200, ", count: 2)
        let result = redactor.redact(line)
        #expect(result.text == line)
        #expect(result.removed.isEmpty)
        #expect(storage(of: result.text) == storage(of: line))
    }

    @Test func aLineHoldingNoLearnedSecretIsNotCopiedByTheScrub() {
        var secrets = SecretSet()
        secrets.insert(Array("TOKEN-abcdef-123456".utf8), marker: Array("<redacted>".utf8))
        let clean = String(repeating: "nothing secret in this line ", count: 2)
        #expect(storage(of: secrets.scrub(clean, marker: Array("<redacted>".utf8))) == storage(of: clean))
        let dirty = clean + "TOKEN-abcdef-123456 and TOKEN-abcdef-123456"
        #expect(secrets.scrub(dirty, marker: Array("<redacted>".utf8)) == clean + "<redacted> and <redacted>")
    }

    @Test(arguments: [
        (#"a "password": "x", b=1&api_key=k&c, "token": {"a": 1}, X-Api-Key: v"#,
         #"a "password": "<redacted>", b=1&api_key=<redacted>&c, "token": "<redacted>", X-Api-Key: <redacted>"#),
        ("https://u:pw@h.test/?api_key=k", "https://u:<redacted>@h.test/?api_key=<redacted>"),
        (#"{"password": "<redacted>"} api_key=<redacted>"#, #"{"password": "<redacted>"} api_key=<redacted>"#),
    ])
    func severalValuesInOneTextAreAllReplacedInPlace(input: String, expected: String) {
        let result = redactor.redact(input)
        #expect(result.text == expected)
        #expect(redactor.redact(result.text).text == expected)
    }
}
