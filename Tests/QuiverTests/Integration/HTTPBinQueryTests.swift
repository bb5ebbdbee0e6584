import Foundation
import Testing
@testable import Quiver

extension HTTPBinTests {
    /// Queries and form bodies, encoded by ``FormEncoder`` and decoded by httpbin.
    @Suite struct Queries {
        let provider = Provider<HTTPBin>(transport: TransportUnderTest.shared)

        private func echo<JSON>(_ target: HTTPBin, json: JSON.Type = NoJSON.self) async throws -> HTTPBinEcho<JSON> {
            try await provider.decode(HTTPBinEcho<JSON>.self, from: target)
        }

        @Test func formPostSendsURLEncodedFields() async throws {
            let echo = try await echo(.post(.form(["name": "Ada Lovelace", "motto": "a+b & c=d", "count": 3])))
            #expect(echo.form?["name"]?.values == ["Ada Lovelace"])
            #expect(echo.form?["motto"]?.values == ["a+b & c=d"])
            #expect(echo.form?["count"]?.values == ["3"])
            #expect(echo.header("Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        }

        @Test func queryGetSendsTheParametersInTheURL() async throws {
            let echo = try await echo(.get(.query(["page": 2, "q": "swift", "desc": true])))
            #expect(echo.arg("page") == ["2"])
            #expect(echo.arg("q") == ["swift"])
            #expect(echo.arg("desc") == ["true"])
        }

        @Test func arraysWithoutBracketsRepeatTheKey() async throws {
            let encoder = FormEncoder(arrayEncoding: .noBrackets)
            let echo = try await echo(.get(.query(["a": [1, 2]], encoder: encoder)))
            #expect(echo.arg("a") == ["1", "2"])
            #expect(echo.url?.contains("a=1&a=2") == true)
        }

        @Test func arraysGetBracketedKeysByDefault() async throws {
            let echo = try await echo(.get(.query(["tags": ["x", "y"]])))
            #expect(echo.arg("tags[]") == ["x", "y"])
        }

        @Test func nestedObjectsBecomeBracketedKeys() async throws {
            let echo = try await echo(.get(.query(["filter": ["q": "swift", "lang": "en"]])))
            #expect(echo.arg("filter[q]") == ["swift"])
            #expect(echo.arg("filter[lang]") == ["en"])
        }

        @Test(arguments: ["a+b", "x&y=z", "semi;colon", "hash#tag", "with space", "caf\u{E9}", "\u{1F3F9} quiver",
                          "100%", "a/b?c", "+ & = ; # \u{E9}"])
        func unicodeAndReservedCharactersArriveIntact(value: String) async throws {
            let echo = try await echo(.get(.query(["q": .string(value), "k\u{E9}y &=": "v"])))
            #expect(echo.arg("q") == [value])
            #expect(echo.arg("k\u{E9}y &=") == ["v"])
        }

        @Test func addingQueryToAJSONPostSendsBoth() async throws {
            let book = Book(title: "Dune", pages: 412, tags: [], isbn: "978-0441013593")
            let echo = try await echo(.post(HTTPTask.json(book).adding(query: ["dryRun": true, "v": 2])), json: Book.self)
            #expect(echo.json == book)
            #expect(echo.arg("dryRun") == ["true"])
            #expect(echo.arg("v") == ["2"])
            #expect(echo.header("Content-Type") == "application/json")
        }

        @Test func aBaseURLKeepsItsPathPrefixAndQuery() async throws {
            let base = try #require(URL(string: (TestServers.httpbin?.absoluteString ?? "") + "/anything/v2?key=abc"))
            let target = GenericTarget(baseURL: base, path: "users/john doe", task: .query(["page": 2]))
            let echo = try await Provider<GenericTarget>(transport: TransportUnderTest.shared).decode(HTTPBinEcho<NoJSON>.self, from: target)
            let url = try #require(echo.url.flatMap(URLComponents.init(string:)))
            #expect(url.percentEncodedPath == "/anything/v2/users/john%20doe")
            #expect(echo.arg("key") == ["abc"])
            #expect(echo.arg("page") == ["2"])
            #expect(echo.method == "GET")
        }
    }
}
