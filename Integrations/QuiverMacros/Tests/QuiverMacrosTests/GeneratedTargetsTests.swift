import Foundation
import Quiver
import QuiverMacros
import Testing

/// A body httpbin echoes back.
struct Note: Codable, Sendable, Equatable {
    var title: String
    var pinned: Bool
}

/// httpbin's endpoints, declared one line each. The base URL is production's; the tests send
/// the requests to the test run's httpbin with an `EnvironmentPlugin`, as an app switches to
/// staging.
@Endpoints(baseURL: "https://httpbin.example.com")
enum HTTPBin {
    @GET("anything/users/{login}")
    case user(login: String)

    @GET("anything/search", headers: ["Accept": "application/json"])
    case search(q: String, page: Int, per_page: Int?)

    @POST("anything/notes/{folder}", body: "note")
    case addNote(folder: String, note: Note, draft: Bool)

    @DELETE("anything/notes/{id}")
    case deleteNote(id: Int)

    @GET("status/{code}")
    case status(code: Int)

    @POST("anything/signup", form: ["name", "email"], headerValues: ["X-Invite": "invite"], sample: #"{"form":{}}"#)
    case signUp(name: String, email: String, invite: String?, source: String)

    @PUT("anything/avatar", parts: ["avatar", "caption"])
    case avatar(avatar: Data, caption: String)

    @GET("status/{code}", validation: .customCodes([200, 418]))
    case teapot(code: Int)

    @GET("anything/rooms/{in}", headerValues: ["X-As": "as"])
    case room(in: String, as: String, for: Int)
}

/// One struct per endpoint, with its model: `Provider<MultiTarget>.request(_:)` returns it typed.
@Endpoint(.put, "anything/notes/{id}", baseURL: "https://httpbin.example.com", body: "note", returns: Echo.self)
struct UpdateNote {
    let id: Int
    var note: Note
    var notify: Bool? = nil
}

/// httpbin's `/status/{code}` as a struct with a model that never decodes: the failure is typed.
@Endpoint(.get, "status/{code}", baseURL: "https://httpbin.example.com", returns: Echo.self)
struct Status {
    let code: Int
}

/// The fault server's `/echo`, which shows the path exactly as it arrived.
@Endpoints(baseURL: "https://fault.example.com")
enum FaultEcho {
    @GET("echo/files/{name}")
    case file(name: String)

    @HEAD("echo/files/{name}")
    case probe(name: String)

    @PATCH("echo/files/{name}", body: "change")
    case rename(name: String, change: Note)
}

/// What the fault server's `/echo` says it received.
struct RawEcho: Decodable {
    let method: String
    let path: String
    let body: String?
}

/// What httpbin's `/anything` says it received.
struct Echo: Decodable, Sendable {
    let method: String
    let url: String
    let args: [String: String]
    let headers: [String: String]
    let json: Note?
    let form: [String: String]?
    let files: [String: String]?
}

/// The test run's httpbin (`QUIVER_HTTPBIN_URL`, set by `scripts/test`). Under CI a missing one
/// fails the tests instead of skipping them.
enum LiveServer {
    static let httpbin = ProcessInfo.processInfo.environment["QUIVER_HTTPBIN_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
    static let fault = ProcessInfo.processInfo.environment["QUIVER_FAULT_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
    static let isAvailableOrRequired = httpbin != nil || ProcessInfo.processInfo.environment["CI"] == "true"
}

@Suite(.enabled(if: LiveServer.isAvailableOrRequired, "needs the test run's httpbin (QUIVER_HTTPBIN_URL)"))
struct GeneratedTargetsTests {
    private func provider() throws -> Provider<HTTPBin> {
        let local = try #require(LiveServer.httpbin, "QUIVER_HTTPBIN_URL is not set")
        let production = APIEnvironment(name: "production", baseURL: HTTPBin.user(login: "x").baseURL)
        let test = APIEnvironment(name: "test", baseURL: local)
        return Provider(plugins: [EnvironmentPlugin(current: test, among: [production, test])])
    }

    @Test func aPathValueIsOneEscapedSegment() async throws {
        let response = try await provider().response(for: .user(login: "../ada/x?y#z"))
        #expect(response.request?.url?.absoluteString.hasSuffix("/anything/users/..%2Fada%2Fx%3Fy%23z") == true)
        // The server saw one segment under users/ (httpbin echoes it decoded): no query, no fragment.
        let echo = try response.decode(Echo.self)
        #expect(echo.method == "GET")
        #expect(echo.args.isEmpty)
        #expect(echo.url.hasSuffix("/anything/users/../ada/x%3Fy%23z"), "\(echo.url)")
    }

    @Test func labelsThatAreKeywordsWorkAsAnyOther() async throws {
        let echo = try await provider().decode(Echo.self, from: .room(in: "lobby", as: "guest", for: 2))
        #expect(echo.url.contains("/anything/rooms/lobby?"), "\(echo.url)")
        #expect(echo.args == ["for": "2"])
        #expect(echo.headers["X-As"] == "guest")
    }

    @Test func theServerSeesEachPathValueAsOneEncodedSegment() async throws {
        let local = try #require(LiveServer.fault, "QUIVER_FAULT_URL is not set")
        let production = APIEnvironment(name: "production", baseURL: FaultEcho.file(name: "x").baseURL)
        let provider = Provider<FaultEcho>(plugins: [EnvironmentPlugin(current: APIEnvironment(name: "test", baseURL: local),
                                                                      among: [production])])
        for (name, path) in [("a b", "/echo/files/a%20b"), ("../secret?x=1#top", "/echo/files/..%2Fsecret%3Fx%3D1%23top"),
                             ("ü/ß", "/echo/files/%C3%BC%2F%C3%9F"), ("...", "/echo/files/...")] {
            let echo = try await provider.decode(RawEcho.self, from: .file(name: name))
            #expect(echo.path == path, "\(name)")
        }
        #expect(try await provider.response(for: .probe(name: "a")).request?.httpMethod == "HEAD")
        let renamed = try await provider.decode(RawEcho.self, from: .rename(name: "a", change: Note(title: "b", pinned: true)))
        #expect(renamed.method == "PATCH")
        #expect(renamed.body == #"{"pinned":true,"title":"b"}"# || renamed.body == #"{"title":"b","pinned":true}"#)
    }

    @Test func theOtherValuesGoToTheQueryInOrderANilLeftOut() async throws {
        let echo = try await provider().decode(Echo.self, from: .search(q: "swift & quiver", page: 2, per_page: nil))
        #expect(echo.args == ["q": "swift & quiver", "page": "2"])
        #expect(echo.headers["Accept"] == "application/json")
        let paged = try await provider().decode(Echo.self, from: .search(q: "a", page: 1, per_page: 50))
        #expect(paged.args == ["q": "a", "page": "1", "per_page": "50"])
    }

    @Test func theBodyValueIsSentAsJSONAndTheRestAsQuery() async throws {
        let note = Note(title: "milk", pinned: true)
        let echo = try await provider().decode(Echo.self, from: .addNote(folder: "home", note: note, draft: false))
        #expect(echo.method == "POST")
        #expect(echo.json == note)
        #expect(echo.args == ["draft": "false"])
        #expect(echo.headers["Content-Type"] == "application/json")
        #expect(echo.url.contains("/anything/notes/home?"), "\(echo.url)")
    }

    @Test func aDotSegmentValueIsRefusedAndNothingIsSent() async throws {
        await #expect {
            try await provider().response(for: .user(login: ".."))
        } throws: { error in
            guard case .invalidRequest(let message) = error as? QuiverError else { return false }
            return message.contains("..")
        }
    }

    @Test func aStructEndpointReturnsItsModelOrATypedFailure() async throws {
        let local = try #require(LiveServer.httpbin)
        let production = APIEnvironment(name: "production", baseURL: Status(code: 200).baseURL)
        let provider = Provider<MultiTarget>(plugins: [EnvironmentPlugin(current: APIEnvironment(name: "test", baseURL: local),
                                                                         among: [production])])
        let note = Note(title: "eggs", pinned: false)
        switch await provider.request(UpdateNote(id: 3, note: note, notify: true)) {
        case .success(let echo):
            #expect(echo.method == "PUT")
            #expect(echo.json == note)
            #expect(echo.args == ["notify": "true"])
        default:
            Issue.record("expected the echo")
        }
        guard case .failure(.statusCode(let response)) = await provider.request(Status(code: 404)) else {
            Issue.record("expected a rejected status")
            return
        }
        #expect(response.statusCode == 404)
    }

    @Test func formValuesAndHeaderValuesGoWhereTheAnnotationSays() async throws {
        let echo = try await provider().decode(Echo.self, from: .signUp(name: "Ada", email: "ada@example.com", invite: "K-1",
                                                                         source: "ad"))
        #expect(echo.form == ["name": "Ada", "email": "ada@example.com"])
        #expect(echo.args == ["source": "ad"])
        #expect(echo.headers["X-Invite"] == "K-1")
        #expect(echo.headers["Content-Type"]?.hasPrefix("application/x-www-form-urlencoded") == true)
        // A nil header value is left out.
        let uninvited = try await provider().decode(Echo.self, from: .signUp(name: "Bo", email: "b@example.com", invite: nil, source: "x"))
        #expect(uninvited.headers["X-Invite"] == nil)
    }

    @Test func partsAreSentAsMultipartFormData() async throws {
        let echo = try await provider().decode(Echo.self, from: .avatar(avatar: Data("PNG-bytes".utf8), caption: "me"))
        #expect(echo.method == "PUT")
        #expect(echo.form?["caption"] == "me")
        #expect(echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect((echo.files?["avatar"] ?? echo.form?["avatar"]) == "PNG-bytes")
    }

    @Test func theAnnotationsValidationDecidesWhatSucceeds() async throws {
        #expect(try await provider().response(for: .teapot(code: 418)).statusCode == 418)
        await #expect(throws: QuiverError.self) { try await provider().response(for: .teapot(code: 404)) }
    }

    @Test func stubsAnswerWithTheAnnotationsSample() async throws {
        let stubbed = Provider<HTTPBin>(stubClosure: Provider.immediatelyStub)
        let response = try await stubbed.response(for: .signUp(name: "Ada", email: "a@example.com", invite: nil, source: "x"))
        #expect(response.isStubbed)
        #expect(response.data == Data(#"{"form":{}}"#.utf8))
        // No sample: empty, as TargetType's default.
        #expect(try await stubbed.response(for: .deleteNote(id: 1)).data.isEmpty)
    }

    @Test func theMethodAndValidationAreATargetsAsUsual() async throws {
        let echo = try await provider().decode(Echo.self, from: .deleteNote(id: 7))
        #expect(echo.method == "DELETE")
        await #expect(throws: QuiverError.self) {
            try await provider().response(for: .status(code: 404))
        }
    }
}
