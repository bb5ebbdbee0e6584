import Foundation
import Testing
@testable import Quiver

/// Typed results against a live httpbin: per-endpoint structs through one provider.
@Suite(.requiresHTTPBin) struct TypedResultsHTTPBinTests {
    private var base: URL { TestServers.httpbin ?? TestServers.unconfigured }
    private let provider = Provider<MultiTarget>(transport: TransportUnderTest.shared)

    struct SlideshowTitle: TargetType, DecodableMapping {
        typealias Success = String
        let baseURL: URL
        var path: String { "json" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
        var keyPath: String? { "slideshow.title" }
    }

    struct Status: TargetType, DecodableMapping {
        typealias Success = EmptyResponse
        let baseURL: URL
        let code: Int
        var path: String { "status/\(code)" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
    }

    /// What `/anything` echoes, as the wire format has it.
    struct EchoDTO: Decodable {
        struct Body: Decodable { let full_name: String; let born: String }
        let json: Body
        let method: String
    }

    struct InvalidPerson: Error {}

    /// The app's model, converted from the echo.
    struct Person: Decodable, Equatable {
        let name: String
        let born: Date
        init(name: String, born: Date) {
            self.name = name
            self.born = born
        }
        init(from decoder: any Decoder) throws {
            let dto = try EchoDTO(from: decoder)
            guard let born = try? Date.ISO8601FormatStyle().parse(dto.json.born) else { throw InvalidPerson() }
            self.init(name: dto.json.full_name, born: born)
        }
    }

    @Test func jsonDecodesAtAKeyPathIntoTheSuccessCase() async {
        #expect(await provider.request(SlideshowTitle(baseURL: base)).value == "Sample Slide Show")
    }

    @Test func status401IsUnauthorizedAnd404AFailure() async {
        guard case .unauthorized(let response) = await provider.request(Status(baseURL: base, code: 401)) else {
            Issue.record("expected .unauthorized")
            return
        }
        #expect(response.statusCode == 401)
        guard case .failure(.statusCode(let notFound)) = await provider.request(Status(baseURL: base, code: 404)) else {
            Issue.record("expected .failure(.statusCode)")
            return
        }
        #expect(notFound.statusCode == 404)
        #expect(await provider.request(Status(baseURL: base, code: 204)).value == EmptyResponse())
    }

    @Test func anEchoDecodesThroughADTOIntoTheAppModel() async throws {
        let target = GenericTarget(baseURL: base, path: "anything/people", method: .post,
                                   task: .json(["full_name": "Ada Lovelace", "born": "1815-12-10T00:00:00Z"]))
        let person = try await Provider<GenericTarget>(transport: TransportUnderTest.shared).decode(Person.self, from: target)
        #expect(person == Person(name: "Ada Lovelace", born: Date(timeIntervalSince1970: -4_861_728_000)))
        let invalid = GenericTarget(baseURL: base, path: "anything/people", method: .post,
                                    task: .json(["full_name": "Nobody", "born": "never"]))
        do {
            _ = try await Provider<GenericTarget>(transport: TransportUnderTest.shared).decode(Person.self, from: invalid)
            Issue.record("an invalid date must not convert")
        } catch {
            guard case .decoding(let cause, _) = error else {
                Issue.record("expected .decoding, got \(error)")
                return
            }
            #expect(cause is InvalidPerson)
        }
    }

    @Test func aServiceFactoryTargetIsTypedLive() async {
        let target = GenericTarget(baseURL: base, path: "anything/users", headers: ["X-Service": "users"])
            .decoding(String.self, atKeyPath: "headers.X-Service")
        #expect(await provider.request(target).value == "users")
    }
}

/// Typed error bodies against the fault server, whose `/status/N` explains itself in JSON.
@Suite(.requiresFaultServer) struct ErrorBodyLiveTests {
    struct StatusBody: Decodable, Sendable, CustomStringConvertible {
        let status: Int
        var description: String { "the server says \(status)" }
    }

    struct Teapot: TargetType, ErrorBodyDecoding {
        typealias ErrorBody = StatusBody
        var baseURL: URL { TestServers.fault ?? TestServers.unconfigured }
        var path: String { "status/418" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
    }

    @Test func aRejectedStatusCarriesTheServersDecodedBody() async {
        let error = await Provider<Teapot>(transport: TransportUnderTest.shared).result(for: Teapot()).failure
        #expect(error?.errorBody(as: StatusBody.self)?.status == 418)
        #expect(error?.description.contains("failed with status 418: the server says 418.") == true)
    }
}
