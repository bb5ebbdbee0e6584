import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The header writes every plugin and the request builder use instead of `setValue`, which on
/// Linux costs time linear in the value: the same fields as `setValue` leaves, one per name.
@Suite struct URLRequestHeaderFieldsTests {
    private let jwt = String(repeating: "eyJhbGciOiJIUzI1NiJ9.", count: 10)

    /// `request` after `writes`, each made with `setValue`: what the fast writes must leave.
    private func withSetValue(_ writes: [(String, String)], on request: URLRequest = URLRequest(url: exampleBase)) -> [String: String] {
        var request = request
        for (name, value) in writes {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request.allHTTPHeaderFields ?? [:]
    }

    @Test func aFieldReplacesOneWhoseNameDiffersOnlyInCase() {
        var request = URLRequest(url: exampleBase)
        request.setHeaderFields(["authorization": "Bearer old", "Accept": "text/plain"])
        request.setHeaderField("Bearer \(jwt)", named: "Authorization")
        #expect(request.allHTTPHeaderFields?.count == 2)
        #expect(request.value(forHTTPHeaderField: "AUTHORIZATION") == "Bearer \(jwt)")
        #expect(request.allHTTPHeaderFields == withSetValue([("authorization", "Bearer old"), ("Accept", "text/plain"),
                                                             ("Authorization", "Bearer \(jwt)")]))
        var authorized = URLRequest(url: exampleBase)
        authorized.setHeaderFields(["AUTHORIZATION": "Bearer old", "Accept": "text/plain"])
        authorized.setHeaderField("Bearer \(jwt)", spelledName: "Authorization")
        #expect(authorized.allHTTPHeaderFields == withSetValue([("AUTHORIZATION", "Bearer old"), ("Accept", "text/plain"),
                                                                ("Authorization", "Bearer \(jwt)")]))
    }

    @Test(arguments: [
        [("x-a", "1"), ("Accept", "json"), ("X-A", "2"), ("accept", "xml"), ("X-Empty", "")],
        [("X-Request-ID", "r"), ("content-md5", "m"), ("x-5a", "5"), ("a1b", "1"), ("x.y", "."), ("foo_bar", "_")],
        [("ETAG", "e"), ("etag", "f"), ("WWW-Authenticate", "w"), ("Authorization", "Bearer \(String(repeating: "t", count: 300))")],
        [("x-odd'name", "q"), ("X-Caret^Name", "c"), ("a|b", "p")],
    ])
    func theWritesLeaveWhatSetValueLeaves(_ writes: [(String, String)]) {
        var written = URLRequest(url: exampleBase)
        for (name, value) in writes {
            written.setHeaderField(value, named: name)
        }
        #expect(written.allHTTPHeaderFields == withSetValue(writes))
        var together = URLRequest(url: exampleBase)
        together.setHeaderFields(Dictionary(writes.suffix(1), uniquingKeysWith: { $1 }))
        #expect(together.allHTTPHeaderFields == withSetValue(Array(writes.suffix(1))))
        // Checked and spelled once, as HeadersPlugin does with its fixed headers, onto a request
        // that has fields already: one write per name in any case, so their order cannot matter.
        var seen: Set<String> = []
        let distinct = writes.filter { seen.insert($0.0.lowercased()).inserted }
        let prepared = PreparedHeaderFields(Dictionary(uniqueKeysWithValues: distinct))
        #expect(prepared.areValid)
        var existing = URLRequest(url: exampleBase)
        existing.setValue("old", forHTTPHeaderField: distinct[0].0.uppercased())
        existing.setValue("kept", forHTTPHeaderField: "x-other")
        var preparedWrite = existing
        preparedWrite.setHeaderFields(prepared)
        #expect(preparedWrite.allHTTPHeaderFields == withSetValue(distinct, on: existing))
        var keeping = existing
        keeping.setHeaderFields(prepared, keepingExisting: true)
        #expect(keeping.allHTTPHeaderFields == withSetValue(Array(distinct.dropFirst()), on: existing))
    }

    /// The fields are written into the request's own dictionary in place: a copy of the
    /// request, or a dictionary read from it before, must not see the write.
    @Test func aWriteChangesNeitherACopyOfTheRequestNorItsFieldsReadBefore() {
        var request = URLRequest(url: exampleBase)
        request.setHeaderFields(["Accept": "text/plain"])
        let copy = request
        let readBefore = request.allHTTPHeaderFields
        request.setHeaderField("Bearer \(jwt)", spelledName: "Authorization")
        request.setHeaderFields(["Accept": "application/json", "X-App-Version": "1.2.3"])
        #expect(copy.allHTTPHeaderFields == ["Accept": "text/plain"])
        #expect(readBefore == ["Accept": "text/plain"])
        #expect(request.allHTTPHeaderFields == ["Accept": "application/json", "Authorization": "Bearer \(jwt)",
                                                "X-App-Version": "1.2.3"])
        var keeping = copy
        keeping.setHeaderFields(["accept": "text/html", "X-Added": "1"], keepingExisting: true)
        #expect(keeping.allHTTPHeaderFields == ["Accept": "text/plain", "X-Added": "1"])
        #expect(copy.allHTTPHeaderFields == ["Accept": "text/plain"])
    }

    @Test func preparedFieldsKnowWhetherTheyAreValid() {
        #expect(PreparedHeaderFields(["X-A": "1", "Accept": "json"]).areValid)
        #expect(PreparedHeaderFields([:]).areValid)
        #expect(!PreparedHeaderFields(["X-A": "1", "X-Bad": "a\r\nb"]).areValid)
        #expect(!PreparedHeaderFields(["X Bad": "1"]).areValid)
        #expect(!PreparedHeaderFields(["": "1"]).areValid)
        #expect(!PreparedHeaderFields(["X-Ünï": "1"]).areValid)
    }

    @Test func aFieldSetThroughTheDictionaryIsReplacedAsSetValueReplacesIt() {
        var request = URLRequest(url: exampleBase)
        request.allHTTPHeaderFields = ["accept": "1", "x-y": "2"]
        var written = request
        written.setHeaderField("3", named: "ACCEPT")
        #expect(written.allHTTPHeaderFields == withSetValue([("ACCEPT", "3")], on: request))
    }

    @Test func keepingExistingAddsOnlyTheMissingFieldsWhateverTheirCase() {
        var request = URLRequest(url: exampleBase)
        request.setHeaderFields(["user-agent": "Mine/1"])
        request.setHeaderFields(["User-Agent": "Plugin/2", "X-App": "3"], keepingExisting: true)
        #expect(request.allHTTPHeaderFields == withSetValue([("user-agent", "Mine/1"), ("X-App", "3")]))
    }

    @Test func theAccessTokenPluginLeavesOneAuthorizationWhenTheTargetSentItInLowercase() async throws {
        var request = URLRequest(url: exampleBase)
        request.setHeaderFields(["authorization": "Basic dXNlcjpwYXNz"])
        let authorized = try AccessTokenPlugin.authorize(request, scheme: "Bearer", token: jwt)
        #expect(authorized.allHTTPHeaderFields == withSetValue([("authorization", "Basic dXNlcjpwYXNz"),
                                                                ("Authorization", "Bearer \(jwt)")]))
    }

    @Test func aTargetHeaderKeepsItsValueUnderAHeadersPluginOfTargetPrecedence() async throws {
        struct Target: TargetType {
            var baseURL: URL { exampleBase }
            var path: String { "me" }
            var method: HTTPMethod { .get }
            var task: HTTPTask { .plain }
            var headers: [String: String]? { ["user-agent": "Target/1"] }
        }
        let plugin = HeadersPlugin(["User-Agent": "Plugin/2", "X-Trace": "t"], precedence: .target)
        let endpoint = Provider<Target>.defaultEndpointMapping(for: Target())
        let built = try RequestBuilder.build(endpoint)
        let prepared = try await plugin.prepare(built.urlRequest, target: Target())
        #expect(prepared.allHTTPHeaderFields == withSetValue([("user-agent", "Target/1"), ("X-Trace", "t")]))
    }

    @Test func headerNamesCompareAsHTTPDoes() {
        #expect(HeaderName.equal("Content-Type", "content-TYPE"))
        #expect(!HeaderName.equal("Content-Type", "Content-Typ"))
        #expect(!HeaderName.equal("X-[", "X-{"))
        #expect(HeaderName.equal("Ünï", "Ünï"))
        #expect(HeaderName.capitalized("x-request-ID") == "X-Request-Id")
        #expect(HeaderName.capitalized("content-md5") == "Content-Md5")
        #expect(HeaderName.capitalized("a1b") == "A1B")
    }
}
