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

    /// The parts most responses leave unset (``Response/errorMessage``, ``Response/source``,
    /// ``Response/fileURL``) live behind one shared reference: changing a copy changes that
    /// copy only, whichever field changes, and the copy keeps every other field.
    @Test func aChangedCopyLeavesTheResponseItCameFromAsItWas() throws {
        let file = URL(fileURLWithPath: "/tmp/quiver-response-tests.download")
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/users?id=1")))
        request.httpMethod = "PATCH"
        let original = Response(statusCode: 422, data: Data("{}".utf8), request: request, fileURL: file)
        var changed = original
        changed.request = URLRequest(url: try #require(URL(string: "https://other.example/x")))
        changed.set(errorMessage: "unprocessable")
        changed.set(source: .stale(age: 30))
        changed.errorBody = ["field": "name"]
        changed.isStubbed = true
        #expect(original.request?.url?.host == "api.example.com")
        #expect(original.errorMessage == nil)
        #expect(original.source == .network)
        #expect(original.errorBody == nil)
        #expect(!original.isStubbed)
        #expect(changed.request?.url?.host == "other.example")
        #expect(changed.errorMessage == "unprocessable")
        #expect(changed.source == .stale(age: 30))
        #expect((changed.errorBody as? [String: String]) == ["field": "name"])
        #expect(changed.isStubbed)
        #expect(changed.statusCode == 422 && changed.data == Data("{}".utf8))
        #expect(changed.fileURL == file && original.fileURL == file)

        // Changed again once it is the only holder, and read back from a copy made meanwhile.
        let snapshot = changed
        changed.set(errorMessage: "again")
        #expect(snapshot.errorMessage == "unprocessable")
        #expect(changed.errorMessage == "again")
        #expect(changed.source == .stale(age: 30) && changed.fileURL == file)
        #expect(changed.isStubbed && changed.request?.url?.host == "other.example")
        changed.set(errorMessage: nil)
        #expect(changed.errorMessage == nil && snapshot.errorMessage == "unprocessable")
    }
}
