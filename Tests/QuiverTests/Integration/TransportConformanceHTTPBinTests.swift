import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Quiver
import QuiverTesting

/// ``TransportConformance`` against the local httpbin: the default transport and the documented
/// example pass every check; a transport that overlooks the file body fails, naming the body
/// checks. A user's own transport goes through a provider with every body kind intact.
@Suite(.requiresHTTPBin) struct TransportConformanceHTTPBinTests {
    private var httpbin: URL { TestServers.httpbin ?? TestServers.unconfigured }

    @Test func theTransportUnderTestPassesEveryCheck() async {
        let report = await TransportConformance(transport: TransportUnderTest.shared, echoServer: httpbin).run()
        #expect(report.isPassing, "\(report)")
        #expect(report.passed == TransportConformance.Check.allCases)
    }

    /// A time limit of no bound stopped the process (its timer's nanoseconds overflowed).
    @Test func aTimeLimitOfNoBoundRunsTheChecks() async {
        var conformance = TransportConformance(transport: TransportUnderTest.shared, echoServer: httpbin)
        conformance.timeLimit = .infinity
        let report = await conformance.run([.noBody, .statusCode])
        #expect(report.isPassing, "\(report)")
    }

    @Test(.onTheDefaultTransportOnly) func theDocumentedExampleTransportPassesEveryCheck() async {
        let transport = PlainSessionTransport(session: URLSession(configuration: .ephemeral))
        let report = await TransportConformance(transport: transport, echoServer: httpbin).run()
        #expect(report.isPassing, "\(report)")
    }

    @Test(.onTheDefaultTransportOnly) func aTransportThatIgnoresTheFileBodyFailsTheBodyChecks() async throws {
        let transport = FileBodyIgnoringTransport(session: URLSession(configuration: .ephemeral))
        let conformance = TransportConformance(transport: transport, echoServer: httpbin)
        let report = await conformance.run([.noBody, .dataBody, .fileBody, .multipartBody, .uploadProgress])
        #expect(report.failedChecks == [.fileBody, .multipartBody, .uploadProgress], "\(report)")
        #expect(report.passed == [.noBody, .dataBody])
        let fileBody = try #require(report.failures.first)
        #expect(fileBody.message.contains("the server received 0 bytes (an empty body)"), "\(fileBody)")
        #expect(report.description.contains("fileBody"))
        await #expect(throws: TransportConformance.Report.self) {
            try await conformance.verify([.fileBody])
        }
    }

    @Test(.onTheDefaultTransportOnly) func aUserTransportSendsAMultipartFormThroughAProvider() async throws {
        struct Echo: Decodable { let form: [String: String]; let files: [String: String] }
        var form = MultipartForm()
        form.append("Ada", name: "name")
        form.append(Data("notes".utf8), name: "notes", fileName: "notes.txt", mimeType: "text/plain")
        let provider = Provider<GenericTarget>(transport: PlainSessionTransport(session: URLSession(configuration: .ephemeral)))
        let echo = try await provider.decode(Echo.self, from: GenericTarget(baseURL: httpbin, path: "post", method: .post,
                                                                             task: .multipart(form)))
        #expect(echo.form["name"] == "Ada")
        #expect(echo.files["notes"] == "notes")
    }
}
