import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct ResponseTests {
    private func response(_ status: Int, _ body: String = "") -> Response {
        var request = URLRequest(url: URL(string: "https://api.example.com/users?id=1")!)
        request.httpMethod = "PATCH"
        return Response(statusCode: status, data: Data(body.utf8), request: request)
    }

    @Test func filtersPassOnlyTheirCodes() throws {
        #expect(try response(204).filterSuccessfulStatusCodes().statusCode == 204)
        #expect(try response(302).filterSuccessfulStatusAndRedirectCodes().statusCode == 302)
        #expect(try response(418).filter(statusCode: 418).statusCode == 418)
        #expect(try response(201).filter(statusCodes: 200..<300).statusCode == 201)
        #expect(throws: QuiverError.self) { try response(302).filterSuccessfulStatusCodes() }
        #expect(throws: QuiverError.self) { try response(404).filterSuccessfulStatusAndRedirectCodes() }
        #expect(throws: QuiverError.self) { try response(200).filter(statusCode: 201) }
    }

    @Test func decodingAnEmptyBodyIsAClearDecodingError() {
        do {
            _ = try response(200).decode(User.self)
            Issue.record("an empty body must not decode")
        } catch {
            guard case .decoding(let cause, _) = error else {
                Issue.record("expected .decoding, got \(error)")
                return
            }
            #expect("\(cause)".contains("empty"))
            #expect("\(cause)".contains("User"))
        }
    }

    @Test func mapStringReadsUTF8AndRejectsInvalidBytes() throws {
        #expect(try response(200, "héllo").mapString() == "héllo")
        let invalid = Response(statusCode: 200, data: Data([0xFF, 0xFE, 0xC3]))
        #expect(throws: QuiverError.self) { try invalid.mapString() }
    }

    @Test func descriptionNamesMethodURLAndStatus() {
        let text = response(404, "nope").description
        #expect(text.contains("PATCH"))
        #expect(text.contains("https://api.example.com/users?id=1"))
        #expect(text.contains("404"))
    }

    @Test func headerLookupIgnoresCase() {
        let http = HTTPURLResponse(url: URL(string: "https://h")!, statusCode: 200, httpVersion: nil,
                                   headerFields: ["Content-Type": "application/json"])
        let response = Response(statusCode: 200, data: Data(), request: nil, response: http)
        #expect(response.value(forHTTPHeaderField: "content-type") == "application/json")
    }

    /// A response keeps its fields in one shared object: changing a copy changes that copy
    /// only, whichever field changes, and the copy keeps every other field.
    @Test func aChangedCopyLeavesTheResponseItCameFromAsItWas() throws {
        let original = response(422, "{}")
        var changed = original
        changed.request = URLRequest(url: try #require(URL(string: "https://other.example/x")))
        changed.errorMessage = "unprocessable"
        changed.errorBody = ["field": "name"]
        changed.isStubbed = true
        #expect(original.request?.url?.host == "api.example.com")
        #expect(original.errorMessage == nil)
        #expect(original.errorBody == nil)
        #expect(!original.isStubbed)
        #expect(changed.request?.url?.host == "other.example")
        #expect(changed.errorMessage == "unprocessable")
        #expect((changed.errorBody as? [String: String]) == ["field": "name"])
        #expect(changed.isStubbed)
        #expect(changed.statusCode == 422 && changed.data == Data("{}".utf8))

        // Changed again once it is the only holder, and read back from a copy made meanwhile.
        let snapshot = changed
        changed.errorMessage = "again"
        #expect(snapshot.errorMessage == "unprocessable")
        #expect(changed.errorMessage == "again")
        #expect(changed.isStubbed && changed.request?.url?.host == "other.example")
    }
}
