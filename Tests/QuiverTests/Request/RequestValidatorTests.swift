import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct RequestValidatorTests {
    /// What Foundation itself reads from the URL: the check reads the URL's text instead (no
    /// string is made for a URL that passes), and must agree with it.
    private func foundationProblem(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased() else { return "no scheme" }
        guard scheme == "http" || scheme == "https" else { return "scheme \(scheme)" }
        guard let host = url.host, !host.isEmpty else { return "no host" }
        return nil
    }

    /// Every control character is refused wherever it stands in a long value, and tabs, spaces,
    /// `~` and UTF-8 are accepted.
    @Test func aControlCharacterIsFoundAtEveryPositionOfALongValue() {
        let token = String(repeating: "eyJhbGciOiJIUzI1NiJ9.", count: 10)
        #expect(RequestValidator.isFieldValue("Bearer " + token))
        #expect(RequestValidator.isFieldValue("a\tb c~é€😀" + token + "\t"))
        #expect(RequestValidator.isFieldValue(""))
        let controls: [UInt8] = Array(0x00...0x08) + Array(0x0A...0x1F) + [0x7F]
        for control in controls {
            for position in [0, 1, 7, 8, 9, 15, 16, 100, token.utf8.count - 1, token.utf8.count] {
                var bytes = Array(token.utf8)
                bytes.insert(control, at: position)
                let value = String(decoding: bytes, as: UTF8.self)
                #expect(!RequestValidator.isFieldValue(value), "byte \(control) at \(position)")
            }
        }
    }

    /// A token byte is exactly what RFC 9110's `tchar` says, for every byte value.
    @Test func aTokenIsLettersDigitsAndTheFifteenMarks() {
        // RFC 9110 section 5.6.2: tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." /
        // "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA.
        let marks = "!#$%&'*+-.^_`|~"
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8).union(marks.utf8)
        #expect(marks.utf8.count == 15)
        for byte in UInt8.min...UInt8.max {
            #expect(RequestValidator.isTokenByte(byte) == allowed.contains(byte), "byte \(byte)")
        }
        #expect(RequestValidator.isToken("X-Request-ID"))
        #expect(RequestValidator.isToken("!#$%&'*+-.^_`|~09azAZ"))
        for text in ["", "X Request", "X-Ünï", "a:b", "(x)", "a\u{7F}", "a\tb"] {
            #expect(!RequestValidator.isToken(text), "\(text)")
        }
    }

    @Test(arguments: [
        "https://api.example.com/v2", "HTTP://api.example.com", "HtTpS://api.example.com:8443/x?y=1#z",
        "http://user:pw@h.test/", "http://user@h.test", "http://[::1]:8080/v1", "http://127.0.0.1:80",
        "ftp://example.com/file", "mailto:someone@example.com", "/relative/path", "api.example.com/v1",
        "localhost:8080/users", "https:///no-host", "http://user@/x", "http://:8080/x", "https:no-slashes",
        "httpx://example.com", "ws://example.com/socket", "http://h.test?q=1", "http://h.test#f",
        "htt://example.com", "httpss://example.com", "hTtP://h.test/x", "https+x://h.test", "h1tp://h.test",
    ])
    func findsAProblemExactlyWhereFoundationSeesOne(text: String) throws {
        let url = try #require(URL(string: text))
        let problem = RequestValidator.urlProblem(url)
        #expect((problem == nil) == (foundationProblem(url) == nil), "\(text): \(problem ?? "no problem")")
    }

    @Test func namesTheSchemeItRefusesAndHintsAtMissingOnes() throws {
        let ftp = try #require(URL(string: "FTP://example.com/file"))
        #expect(RequestValidator.urlProblem(ftp)?.contains("its scheme is ftp") == true)
        let bare = try #require(URL(string: "api.example.com/v1"))
        #expect(RequestValidator.urlProblem(bare)?.contains("add http:// or https://") == true)
        let hostless = try #require(URL(string: "https:///x"))
        #expect(RequestValidator.urlProblem(hostless) == "the URL has no host")
    }

    @Test func aURLAPluginChangesIsCheckedAgain() async throws {
        // The URL is checked after the plugins ran, whatever the endpoint's URL was.
        struct ToFTP: PluginType {
            func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
                var request = request
                request.url = URL(string: "ftp://files.example.com/x")
                return request
            }
        }
        let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub, plugins: [ToFTP()])
        let result = await provider.result(for: GenericTarget(baseURL: exampleBase, path: "users"))
        guard case .failure(.invalidRequest(let message)) = result else {
            Issue.record("expected .invalidRequest, got \(result)")
            return
        }
        #expect(message.contains("ftp://files.example.com/x"))
        #expect(message.contains("its scheme is ftp"))
    }

    /// `GET` and `HEAD` in any case, and nothing else (tokens of the same length, or a byte
    /// that folds onto a letter of them), are the methods that cannot carry a body.
    @Test func getAndHeadAreKnownInAnyCaseAndNothingElseIs() {
        for method in ["GET", "get", "gEt", "HEAD", "head", "HeAd"] {
            #expect(RequestValidator.isGetOrHead(method), "\(method)")
        }
        for method in ["GE", "GETS", "HEA", "HEADS", "PUT", "GOT", "HEAT", "GE\u{14}", "'ET", "POST", "", "GET\u{0}"] {
            #expect(!RequestValidator.isGetOrHead(method), "\(method)")
        }
    }
}
