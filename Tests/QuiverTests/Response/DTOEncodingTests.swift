import Foundation
import Testing
@testable import Quiver

/// A model sent as its transfer object (CoreNetKit's `DTOEncodable`, written as a plain
/// `Encodable` conformance).
@Suite struct DTOEncodingTests {
    private struct UserEntry: Encodable, Sendable {
        let full_name: String
        let age: Int
    }

    private struct InvalidUser: Error {}

    /// CoreNetKit's app-layer model, converted to its raw DTO for the request.
    private struct AppUser: Encodable, Sendable {
        let name: String
        let age: Int
        func encode(to encoder: any Encoder) throws {
            guard age >= 0 else { throw InvalidUser() }
            try UserEntry(full_name: name, age: age).encode(to: encoder)
        }
    }

    private func sent(_ task: HTTPTask, method: HTTPMethod = .post) async -> (Result<Response, QuiverError>, RecordingTransport) {
        let transport = RecordingTransport()
        let result = await Provider<GenericTarget>(transport: transport)
            .result(for: GenericTarget(baseURL: exampleBase, path: "users", method: method, task: task))
        return (result, transport)
    }

    @Test func aModelIsSentAsItsDTOInJSONFormAndQuery() async throws {
        let ada = AppUser(name: "Ada", age: 36)
        let (_, json) = await sent(.json(ada))
        #expect(json.requests.first?.body == .data(Data(#"{"age":36,"full_name":"Ada"}"#.utf8)))
        let (_, form) = await sent(.form(ada))
        #expect(form.requests.first?.body == .data(Data("age=36&full_name=Ada".utf8)))
        let (_, query) = await sent(.query(ada), method: .get)
        #expect(query.requests.first?.url.query == "age=36&full_name=Ada")
    }

    @Test func arraysAndOptionalsConvertToo() async {
        let (_, array) = await sent(.json([AppUser(name: "A", age: 1), AppUser(name: "B", age: 2)]))
        #expect(array.requests.first?.body == .data(Data(#"[{"age":1,"full_name":"A"},{"age":2,"full_name":"B"}]"#.utf8)))
        let none: AppUser? = nil
        let (_, optional) = await sent(.json(none))
        #expect(optional.requests.first?.body == .data(Data("null".utf8)))
    }

    @Test func aNilOptionalModelAddsNoQuery() async {
        let none: AppUser? = nil
        let (result, transport) = await sent(.query(none), method: .get)
        #expect(result.failure == nil)
        #expect(transport.requests.first?.url.query == nil)
    }

    @Test func aFailedConversionIsAnEncodingErrorAndNothingIsSent() async {
        let (result, transport) = await sent(.json([AppUser(name: "A", age: 1), AppUser(name: "B", age: -1)]))
        guard case .encoding(let error) = result.failure else {
            Issue.record("expected .encoding, got \(result)")
            return
        }
        #expect(error is InvalidUser)
        #expect(transport.requests.isEmpty)
    }
}
