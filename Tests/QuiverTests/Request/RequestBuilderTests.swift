import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct RequestBuilderTests {
    private func request(_ task: HTTPTask, method: HTTPMethod = .post, headers: [String: String]? = nil,
                         base: String = "https://api.example.com/v2") throws -> URLRequest {
        let endpoint = Endpoint(url: base, sampleResponseClosure: { .networkResponse(200, Data()) },
                                method: method, task: task, httpHeaderFields: headers)
        return try endpoint.urlRequest()
    }

    private struct ListQuery: Encodable, Sendable {
        let offset: Int
        let limit: Int
    }

    @Test func plainSendsNoBodyAndNoContentType() throws {
        let request = try request(.plain, method: .get)
        #expect(request.httpMethod == "GET")
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(request.url?.absoluteString == "https://api.example.com/v2")
    }

    @Test func dataSendsTheBytesWithTheGivenContentType() throws {
        let request = try request(.data(Data([1, 2, 3]), contentType: "application/octet-stream"))
        #expect(request.httpBody == Data([1, 2, 3]))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
    }

    @Test func dataWithoutContentTypeSendsNone() throws {
        let request = try request(.data(Data([1])))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func jsonEncodesTheModelAsApplicationJSON() throws {
        let request = try request(.json(User(id: 7, name: "Ada")))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let decoded = try JSONDecoder().decode(User.self, from: try #require(request.httpBody))
        #expect(decoded == User(id: 7, name: "Ada"))
    }

    @Test func jsonUsesTheGivenEncoder() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        struct Payload: Encodable, Sendable { let firstName: String }
        let request = try request(.json(Payload(firstName: "Ada"), encoder: encoder))
        #expect(String(decoding: try #require(request.httpBody), as: UTF8.self) == #"{"first_name":"Ada"}"#)
    }

    @Test func jsonAcceptsAParametersLiteral() throws {
        let request = try request(.json(["name": "Ada", "admin": false, "age": 36]))
        let object = try JSONSerialization.jsonObject(with: try #require(request.httpBody)) as? [String: Any]
        #expect(object?["name"] as? String == "Ada")
        #expect(object?["admin"] as? Bool == false)
        #expect(object?["age"] as? Int == 36)
    }

    @Test func formEncodesTheBodyAsURLEncodedUTF8() throws {
        let request = try request(.form(["user": "ada lovelace", "remember": true]))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(String(decoding: try #require(request.httpBody), as: UTF8.self) == "remember=true&user=ada%20lovelace")
    }

    @Test func queryGoesIntoTheURLAndSendsNoBody() throws {
        let request = try request(.query(["page": 2, "q": "swift"]), method: .get)
        #expect(request.httpBody == nil)
        #expect(request.url?.absoluteString == "https://api.example.com/v2?page=2&q=swift")
    }

    @Test func queryEncodesEncodableModels() throws {
        let request = try request(.query(ListQuery(offset: 0, limit: 100)), method: .get)
        #expect(request.url?.query == "limit=100&offset=0")
    }

    @Test func queryIsMergedWithTheBaseURLQuery() throws {
        let request = try request(.query(["page": 2]), method: .get, base: "https://h/v2/users?key=abc")
        #expect(request.url?.absoluteString == "https://h/v2/users?key=abc&page=2")
    }

    @Test func addingQueryKeepsTheBodyAndAddsTheQuery() throws {
        let request = try request(.json(User(id: 1, name: "A")).adding(query: ["dryRun": true]))
        #expect(request.url?.query == "dryRun=true")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.httpBody != nil)
    }

    @Test func addingQueryToAQueryTaskKeepsBoth() throws {
        let request = try request(HTTPTask.query(["a": 1]).adding(query: ListQuery(offset: 5, limit: 10)), method: .get)
        #expect(request.url?.query == "a=1&limit=10&offset=5")
    }

    @Test func theTargetsContentTypeWinsOverTheTasks() throws {
        let request = try request(.json(User(id: 1, name: "A")), headers: ["content-type": "application/vnd.api+json"])
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
    }

    @Test func headersAreSent() throws {
        let request = try request(.plain, method: .get, headers: ["Accept": "application/json", "X-Trace": "1"])
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "X-Trace") == "1")
    }

    @Test(arguments: [HTTPTask.json(Unencodable()), .form(Unencodable()), .query(Unencodable()),
                      HTTPTask.plain.adding(query: Unencodable())])
    func anUnencodableBodyOrQueryIsAnEncodingError(task: HTTPTask) {
        #expect {
            _ = try request(task)
        } throws: { error in
            guard case .encoding(let cause) = error as? QuiverError else { return false }
            return cause is Unencodable.Refusal
        }
    }

    @Test(arguments: [HTTPMethod.get, .head])
    func aBodyOnGetOrHeadIsRefused(method: HTTPMethod) {
        #expect {
            _ = try request(.data(Data("x".utf8)), method: method)
        } throws: { error in
            guard case .invalidRequest(let reason) = error as? QuiverError else { return false }
            // Issue 29: the refusal says what to do instead.
            return reason.contains("cannot carry a body") && reason.contains(method.rawValue)
                && reason.contains(".query(") && reason.contains("POST")
        }
    }

    @Test(arguments: ["get", "Get", "GET", "head", "hEaD"])
    func aBodyOnGetOrHeadInAnyCaseIsRefusedAfterPlugins(method: String) throws {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/x")))
        request.httpMethod = method
        request.httpBody = Data("x".utf8)
        #expect {
            _ = try RequestValidator.check(request)
        } throws: { error in
            guard case .invalidRequest(let reason) = error as? QuiverError else { return false }
            return reason.contains("cannot carry a body")
        }
    }

    @Test(arguments: ["POST", "GETS", "GE", "HEADER", "PUT"])
    func aBodyOnOtherMethodsPassesTheCheck(method: String) throws {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/x")))
        request.httpMethod = method
        request.httpBody = Data("x".utf8)
        _ = try RequestValidator.check(request)
    }

    @Test(arguments: ["not a url", "ftp://example.com/file", "mailto:someone@example.com", "/relative/path",
                      "https://", "http//missing-colon.com", ""])
    func anythingButAnAbsoluteHTTPURLIsRefused(url: String) {
        // Twice: the second time the URL comes parsed from the cache.
        for _ in 0..<2 {
            #expect {
                _ = try request(.plain, method: .get, base: url)
            } throws: { error in
                guard case .invalidRequest = error as? QuiverError else { return false }
                return true
            }
        }
    }

    @Test(arguments: [
        ["X-Evil": "a\r\nInjected: 1"], ["X-Evil": "line\nbreak"], ["X-Evil": "nul\u{0}"],
        ["Bad Name": "v"], ["Bad:Name": "v"], ["": "v"], ["X-\u{E9}": "v"],
    ])
    func illegalHeaderNamesAndValuesAreRefused(headers: [String: String]) {
        #expect {
            _ = try request(.plain, method: .get, headers: headers)
        } throws: { error in
            guard case .invalidRequest(let reason) = error as? QuiverError else { return false }
            return reason.contains("header")
        }
    }

    @Test func aTabAndNonASCIIInAHeaderValueAreAllowed() throws {
        let request = try request(.plain, method: .get, headers: ["X-Name": "caf\u{E9}\tau lait"])
        #expect(request.value(forHTTPHeaderField: "X-Name") == "caf\u{E9}\tau lait")
    }

    @Test func anIllegalMethodTokenIsRefused() {
        #expect {
            _ = try request(.plain, method: "GE T")
        } throws: { error in
            guard case .invalidRequest(let reason) = error as? QuiverError else { return false }
            return reason.contains("method")
        }
    }
}
