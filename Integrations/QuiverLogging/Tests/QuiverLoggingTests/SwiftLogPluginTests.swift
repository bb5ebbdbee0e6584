import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import InMemoryLogging
import Logging
import Quiver
@testable import QuiverLogging
import Testing

/// A server stand-in: answers every request with `status`, a JSON body and a secret cookie.
struct AnsweringTransport: HTTPTransport {
    let status: Int

    func send(_ request: TransportRequest) async throws -> Response {
        try await Task.sleep(nanoseconds: 20_000_000)
        let head = HTTPURLResponse(url: request.url, statusCode: status, httpVersion: "HTTP/1.1",
                                   headerFields: ["Content-Type": "application/json", "Set-Cookie": "session=SERVER-SECRET"])
        return Response(statusCode: status, data: Data(#"{"ok":true}"#.utf8), response: head)
    }
}

/// What an `InMemoryLogHandler` kept, its messages as text.
struct Events {
    struct Event {
        let level: Logger.Level
        let message: String
        let metadata: Logger.Metadata
    }

    let handler: InMemoryLogHandler

    var all: [Event] {
        handler.entries.map { Event(level: $0.level, message: $0.message.description, metadata: $0.metadata) }
    }
}

@Suite struct SwiftLogPluginTests {
    private let base = URL(string: "https://api.example.com/v1") ?? URL(fileURLWithPath: "/")

    /// A logger at `level` and the handler that keeps what it logs.
    private func logger(_ level: Logger.Level) -> (Logger, Events) {
        var handler = InMemoryLogHandler()
        handler.logLevel = level
        let logger = Logger(label: "quiver-tests") { _ in handler }
        return (logger, Events(handler: handler))
    }

    @Test func aRequestAndItsResponseAreInfoEventsWithStructuredMetadata() async throws {
        let (logger, events) = logger(.info)
        let provider = Provider<GenericTarget>(transport: AnsweringTransport(status: 200),
                                               plugins: [SwiftLogPlugin(logger: logger)])
        let target = GenericTarget(baseURL: base, path: "users", task: .query(["page": 2]))
        _ = try await provider.response(for: target)

        let logged = events.all
        try #require(logged.count == 2, "\(logged)")
        let (request, response) = (logged[0], logged[1])
        #expect(request.level == .info)
        #expect(request.message == "Request: GET https://api.example.com/v1/users?page=2")
        #expect(request.metadata["http.method"] == "GET")
        #expect(request.metadata["http.url"] == "https://api.example.com/v1/users")
        let id = try #require(request.metadata["http.request_id"]?.description)
        #expect(UUID(uuidString: id) != nil)

        #expect(response.level == .info)
        #expect(response.message.hasPrefix("Response: "))
        #expect(response.metadata["http.status"] == "200")
        #expect(response.metadata["http.request_id"]?.description == id)
        let duration = try #require(response.metadata["http.duration_ms"].flatMap { Int($0.description) })
        #expect(duration >= 15, "the transport took 20 ms, the event says \(duration) ms")
    }

    @Test func aRejectedStatusIsAnErrorEventWithItsStatus() async {
        let (logger, events) = logger(.error)
        let provider = Provider<GenericTarget>(transport: AnsweringTransport(status: 503),
                                               plugins: [SwiftLogPlugin(logger: logger)])
        _ = try? await provider.response(for: GenericTarget(baseURL: base, path: "health"))

        let errors = events.all.filter { $0.level == .error }
        #expect(errors.count == 1, "\(events.all)")
        #expect(errors.first?.metadata["http.status"] == "503")
        #expect(errors.first?.message.contains("503") == true)
        #expect(events.all.allSatisfy { $0.level >= .error }, "an error-level logger received \(events.all)")
    }

    @Test func debugDetailsAreDebugEventsAndSecretsStayRedacted() async throws {
        let (logger, events) = logger(.debug)
        let plugin = SwiftLogPlugin(logger: logger, logOptions: .verbose,
                                    redaction: .init(queryParameters: ["api_key"]))
        let provider = Provider<GenericTarget>(transport: AnsweringTransport(status: 200), plugins: [plugin])
        let target = GenericTarget(baseURL: base, path: "me", task: .query(["api_key": "QUERY-SECRET"]),
                                   headers: ["Authorization": "Bearer HEADER-SECRET"])
        _ = try await provider.response(for: target)

        let logged = events.all
        #expect(logged.contains { $0.level == .debug && $0.message.hasPrefix("Request Headers: ") })
        #expect(logged.contains { $0.level == .debug && $0.message.hasPrefix("Response Headers: ") })
        for event in logged {
            let text = event.message + event.metadata.description
            #expect(!text.contains("QUERY-SECRET") && !text.contains("HEADER-SECRET") && !text.contains("SERVER-SECRET"),
                    "a secret reached the log: \(event)")
        }
    }

    @Test func aRequestIDOfTheCallersOwnIsKept() async throws {
        let (logger, events) = logger(.info)
        let provider = Provider<GenericTarget>(transport: AnsweringTransport(status: 200),
                                               plugins: [SwiftLogPlugin(logger: logger)])
        _ = try await provider.response(for: GenericTarget(baseURL: base, headers: ["X-Request-ID": "abc-123"]))
        #expect(events.all.map { $0.metadata["http.request_id"]?.description } == ["abc-123", "abc-123"])
    }

    @Test func aCriticalOnlyLoggerFormatsNothing() async throws {
        let (logger, events) = logger(.critical)
        let provider = Provider<GenericTarget>(transport: AnsweringTransport(status: 500),
                                               plugins: [SwiftLogPlugin(logger: logger)])
        _ = try? await provider.response(for: GenericTarget(baseURL: base))
        #expect(events.all.isEmpty)
        #expect(SwiftLogPlugin.networkLevel(for: .critical) == .off)
    }

    /// An API of one case, with a value that is not shown.
    enum Accounts: TargetType {
        case session(password: String)
        var baseURL: URL { URL(string: "https://api.example.com/v1") ?? URL(fileURLWithPath: "/") }
        var path: String { "session" }
        var method: HTTPMethod { .post }
        var task: HTTPTask { .plain }
    }

    @Test func theMessagesNameTheTargetAsTheLoggersLinesDo() async throws {
        let (logger, events) = logger(.info)
        let provider = Provider<Accounts>(transport: AnsweringTransport(status: 200), plugins: [SwiftLogPlugin(logger: logger)])
        _ = try await provider.response(for: .session(password: "PASSWORD-SECRET"))
        #expect(events.all.map(\.message) == [
            "Request: Accounts.session POST https://api.example.com/v1/session",
            "Response: Accounts.session POST https://api.example.com/v1/session → 200, 11 bytes",
        ])
    }

    @Test func metadataNeverShowsAURLsQueryOrPassword() throws {
        let url = try #require(URL(string: "https://user:pw@example.com:8443/a/b?token=T#frag"))
        #expect(SwiftLogPlugin.withoutQuery(url) == "https://example.com:8443/a/b")
    }
}
