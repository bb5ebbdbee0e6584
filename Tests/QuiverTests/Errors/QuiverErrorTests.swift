import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// What a newcomer reads when a request fails: which request, what happened, what to do.
@Suite struct QuiverErrorTests {
    private func failure(_ answer: RecordingTransport.Answer, target: GenericTarget? = nil) async throws -> QuiverError {
        let provider = Provider<GenericTarget>(transport: RecordingTransport(answer))
        return try #require(await provider.result(for: target ?? GenericTarget(baseURL: exampleBase, path: "users/1")).failure)
    }

    private func failure(status: Int, contentType: String?, body: String) async throws -> QuiverError {
        let transport = ScriptedTransport { _, _ in (status, contentType.map { ["Content-Type": $0] } ?? [:], Data(body.utf8)) }
        return try #require(await Provider<GenericTarget>(transport: transport)
            .result(for: GenericTarget(baseURL: exampleBase, path: "users/1")).failure)
    }

    /// Issue 48: a request that gave up waiting for a pooled connection is a `.transport` whose
    /// cause says so; it is still a timeout to code that asks (`isTimeout`), as it was when it
    /// was a plain `.timedOut`. Other transport failures are not.
    @Test func aTransportFailureCausedByATimeoutIsATimeout() {
        let waited = URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: "waited for a pooled connection"])
        #expect(QuiverError.transport(waited, nil).isTimeout)
        #expect(!QuiverError.transport(URLError(.cannotConnectToHost), nil).isTimeout)
        #expect(!QuiverError.transport(CocoaError(.fileNoSuchFile), nil).isTimeout)
        #expect(!QuiverError.cancelled().isTimeout)
    }

    // Item 6: a timeout names the request and the limit that elapsed.
    @Test func aTimeoutNamesTheRequestAndTheLimit() async throws {
        let target = GenericTarget(baseURL: exampleBase, path: "users/1", timeout: 2)
        let error = try await failure(.failure(URLError(.timedOut)), target: target)
        #expect(error.description == "GET https://api.example.com/v2/users/1 timed out after 2 s.")
        #expect(error.isTimeout)
        guard case .timedOut = error else {
            Issue.record("expected .timedOut, got \(error)")
            return
        }
        #expect(error.request?.url == URL(string: "https://api.example.com/v2/users/1"))
    }

    @Test func aFractionalLimitIsWrittenAsItWasGiven() {
        let request = URLRequest(url: URL(string: "https://api.example.com/a")!)
        #expect(QuiverError.timedOut(request, after: 0.25).description == "GET https://api.example.com/a timed out after 0.25 s.")
        #expect(QuiverError.timedOut().description == "The request timed out.")
    }

    // Items 6 and 9: a cancelled request says which one, and carries it.
    @Test func aCancellationNamesTheRequest() async throws {
        let provider = Provider<GenericTarget>(transport: RecordingTransport(.delay(30)))
        let target = GenericTarget(baseURL: exampleBase, path: "reports/7", method: .post, task: .json(["a": 1]),
                                   headers: ["X-Trace": "t1"])
        let task = Task { await provider.result(for: target) }
        try await Task.sleep(nanoseconds: 100_000_000)
        task.cancel()
        let error = try #require(await task.value.failure)
        #expect(error.isCancelled)
        #expect(error.description == "POST https://api.example.com/v2/reports/7 was cancelled.")
        #expect(error.request?.value(forHTTPHeaderField: "X-Trace") == "t1")
        #expect(error.request?.httpMethod == "POST")
    }

    // Items 6, 8 and 9: a network failure in plain words, with the request it happened to.
    @Test func notConnectedSaysSoInPlainWords() async throws {
        let error = try await failure(.failure(URLError(.notConnectedToInternet)))
        #expect(error.description
            == "GET https://api.example.com/v2/users/1 failed in the network: the device is not connected to the internet (URLError -1009).")
        #expect(error.isNetworkUnavailable)
        #expect(!error.isTimeout && !error.isCancelled)
        #expect(error.request?.url?.absoluteString == "https://api.example.com/v2/users/1")
        guard case .transport(let cause as URLError, nil) = error else {
            Issue.record("expected .transport(URLError, nil), got \(error)")
            return
        }
        #expect(cause.code == .notConnectedToInternet)
    }

    @Test func anUnknownHostIsNamed() async throws {
        let error = try await failure(.failure(URLError(.cannotFindHost)))
        #expect(error.description.contains("the host api.example.com could not be found"))
        #expect(error.isNetworkUnavailable)
    }

    @Test(arguments: [
        (URLError.Code.notConnectedToInternet, true), (.cannotFindHost, true), (.cannotConnectToHost, true),
        (.dnsLookupFailed, true), (.badServerResponse, false), (.timedOut, false), (.cancelled, false),
    ])
    func networkUnavailableIsOnlyTheUnreachableNetwork(code: URLError.Code, unavailable: Bool) {
        #expect(QuiverError(transportError: URLError(code)).isNetworkUnavailable == unavailable)
    }

    @Test func theClassifiersAreExclusive() {
        let all: [QuiverError] = [.timedOut(), .cancelled(), .transport(URLError(.notConnectedToInternet), nil),
                                  .invalidRequest("x"), .plugin(TestError(reason: "x"))]
        #expect(all.map(\.isTimeout) == [true, false, false, false, false])
        #expect(all.map(\.isCancelled) == [false, true, false, false, false])
        #expect(all.map(\.isNetworkUnavailable) == [false, false, true, false, false])
    }

    // Item 7: a rejected status quotes a cleaned, short snippet of a text body.
    @Test func anHTMLErrorPageIsQuotedCleaned() async throws {
        let page = """
            <!DOCTYPE html><html><head><title>500</title><style>body { color: red; }</style>
            <script>var x = "<b>";</script></head>
            <body><h1>Internal Server Error</h1>
            <p>The   database
            is down.</p></body></html>
            """
        let error = try await failure(status: 500, contentType: "text/html; charset=utf-8", body: page)
        #expect(error.description
            == "GET https://api.example.com/v2/users/1 failed with status 500: 500 Internal Server Error The database is down.")
    }

    @Test func aLongTextBodyIsCut() async throws {
        let error = try await failure(status: 502, contentType: "text/plain", body: String(repeating: "upstream failed ", count: 100))
        let quoted = try #require(error.description.split(separator: ": ", maxSplits: 1).last)
        #expect(quoted.hasSuffix("….") && quoted.count <= BodySnippet.maximumLength + 2)
    }

    @Test func aBinaryOrEmptyBodyIsNotQuoted() async throws {
        let binary = try await failure(status: 500, contentType: "application/octet-stream", body: "\u{0}\u{1}\u{2}")
        #expect(binary.description == "GET https://api.example.com/v2/users/1 failed with status 500.")
        let empty = try await failure(status: 404, contentType: "text/plain", body: "")
        #expect(empty.description == "GET https://api.example.com/v2/users/1 failed with status 404.")
    }

    @Test func aJSONErrorBodyIsQuotedWhenTheTargetGivesNoMessage() async throws {
        let error = try await failure(status: 422, contentType: "application/json", body: #"{"error": "name is required"}"#)
        #expect(error.description.hasSuffix(#"failed with status 422: {"error": "name is required"}."#))
    }

    // Item 7: a stubbed answer says it was stubbed; an empty sampleData is named.
    @Test func aStubbedRejectionSaysItWasStubbed() async throws {
        let provider = Provider<GenericTarget>(
            endpointClosure: { Provider.defaultEndpointMapping(for: $0).replacing(sampleResponseClosure: { .networkResponse(404, Data()) }) },
            stubClosure: Provider.immediatelyStub)
        let error = try #require(await provider.result(for: GenericTarget(baseURL: exampleBase, path: "users/9")).failure)
        #expect(error.description == "GET https://api.example.com/v2/users/9 failed with status 404 (stubbed).")
        #expect(error.response?.isStubbed == true)
    }

    @Test func decodingAnEmptySampleDataSaysHowToGiveASample() async throws {
        let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub)
        do {
            _ = try await provider.decode(User.self, from: GenericTarget(baseURL: exampleBase, path: "users/1"))
            Issue.record("an empty sample body decoded")
        } catch {
            #expect(error.description == "GET https://api.example.com/v2/users/1 answered 200 (stubbed) with an empty body, "
                + "which did not decode as User: give the target a sample body (sampleData, or sample: in its @Endpoint or "
                + "@GET… macro), or decode EmptyResponse.")
            #expect(error.request?.url?.absoluteString == "https://api.example.com/v2/users/1")
        }
    }

    @Test func aLiveResponseIsNotCalledStubbed() async throws {
        let error = try await failure(status: 404, contentType: nil, body: "")
        #expect(error.response?.isStubbed == false)
        #expect(!error.description.contains("stubbed"))
    }

    // Item 7: no sentence ends in "..".
    @Test func messagesNeverEndInTwoFullStops() async throws {
        struct Dotted: Error, CustomStringConvertible { var description: String { "The token expired." } }
        let errors: [QuiverError] = [
            .invalidRequest("the header is wrong."), .encoding(Dotted()), .plugin(Dotted()),
            .transport(Dotted(), nil), .decoding(Dotted(), Response(statusCode: 200, data: Data("x".utf8))),
        ]
        for error in errors {
            #expect(!error.description.contains(".."), "\(error.description)")
            #expect(error.description.hasSuffix("."))
        }
        let refused = try #require(await Provider<GenericTarget>(transport: RecordingTransport(), plugins: [Refusing()])
            .result(for: GenericTarget(baseURL: exampleBase)).failure)
        #expect(refused.description == "A plugin refused the request: The token expired. Nothing was sent.")
    }

    // Item 9: every failure after the request was built carries it.
    @Test func statusAndDecodingFailuresCarryTheRequestAsSent() async throws {
        let transport = ScriptedTransport { _, _ in (200, [:], Data("not json".utf8)) }
        let provider = Provider<GenericTarget>(transport: transport, plugins: [HeadersPlugin(["X-App": "1"])])
        do {
            _ = try await provider.decode(User.self, from: GenericTarget(baseURL: exampleBase, path: "me"))
            Issue.record("decoded garbage")
        } catch {
            #expect(error.request?.value(forHTTPHeaderField: "X-App") == "1")
        }
        let rejected = try await failure(status: 500, contentType: nil, body: "")
        #expect(rejected.request?.url?.absoluteString == "https://api.example.com/v2/users/1")
    }

    @Test func nothingBuiltMeansNoRequest() {
        #expect(QuiverError.invalidRequest("x").request == nil)
        #expect(QuiverError.encoding(TestError(reason: "x")).request == nil)
    }

    // Classification and the response each case carries.
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
        #expect(QuiverError.timedOut().response == nil)
        #expect(QuiverError.cancelled().response == nil)
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
              case .timedOut = QuiverError(pluginError: QuiverError.timedOut())
        else {
            Issue.record("misclassified a plugin error")
            return
        }
    }

    private struct Refusing: PluginType {
        struct Expired: Error, CustomStringConvertible { var description: String { "The token expired." } }
        func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
            throw Expired()
        }
    }
}
