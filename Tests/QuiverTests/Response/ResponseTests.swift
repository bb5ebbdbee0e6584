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
}

@Suite struct QuiverErrorTests {
    private let failed: Response = {
        var request = URLRequest(url: URL(string: "https://api.example.com/users/1")!)
        request.httpMethod = "DELETE"
        return Response(statusCode: 403, data: Data(), request: request)
    }()

    @Test func responseIsThereExactlyWhenTheErrorCarriesOne() {
        #expect(QuiverError.statusCode(failed).response?.statusCode == 403)
        #expect(QuiverError.decoding(TestError(reason: "x"), failed).response?.statusCode == 403)
        #expect(QuiverError.transport(URLError(.networkConnectionLost), failed).response?.statusCode == 403)
        #expect(QuiverError.transport(URLError(.networkConnectionLost), nil).response == nil)
        #expect(QuiverError.invalidRequest("x").response == nil)
        #expect(QuiverError.encoding(TestError(reason: "x")).response == nil)
        #expect(QuiverError.timedOut.response == nil)
        #expect(QuiverError.cancelled.response == nil)
        #expect(QuiverError.plugin(TestError(reason: "x")).response == nil)
    }

    @Test func descriptionsNameMethodURLAndStatus() {
        for error in [QuiverError.statusCode(failed), .decoding(TestError(reason: "bad"), failed),
                      .transport(URLError(.networkConnectionLost), failed)] {
            #expect(error.description.contains("DELETE https://api.example.com/users/1"), "\(error)")
            #expect(error.description.contains("403") || error.description.contains("network"), "\(error)")
            #expect(error.localizedDescription == error.description)
        }
        #expect(QuiverError.statusCode(failed).description.contains("403"))
        #expect(QuiverError.invalidRequest("GET x: bad").description.contains("Nothing was sent"))
    }

    @Test func transportErrorsAreClassified() {
        guard case .cancelled = QuiverError(transportError: URLError(.cancelled)),
              case .cancelled = QuiverError(transportError: CancellationError()),
              case .timedOut = QuiverError(transportError: URLError(.timedOut)),
              case .transport(_, nil) = QuiverError(transportError: URLError(.cannotConnectToHost)),
              case .invalidRequest("kept") = QuiverError(transportError: QuiverError.invalidRequest("kept"))
        else {
            Issue.record("misclassified a transport error")
            return
        }
    }

    @Test func pluginErrorsAreClassified() {
        guard case .cancelled = QuiverError(pluginError: CancellationError()),
              case .plugin = QuiverError(pluginError: TestError(reason: "x")),
              case .timedOut = QuiverError(pluginError: QuiverError.timedOut)
        else {
            Issue.record("misclassified a plugin error")
            return
        }
    }
}
