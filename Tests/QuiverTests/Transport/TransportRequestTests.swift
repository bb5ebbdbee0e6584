import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// The transport contract with no network: a transport is handed the head, one body value for
/// every kind of body, the deadline and where the response body goes; a transport that ignores
/// the destination of a download fails the request loudly.
@Suite struct TransportRequestTests {
    private func sent(_ task: HTTPTask, method: HTTPMethod = .post) async throws -> TransportRequest {
        let transport = RecordingTransport()
        _ = await Provider<GenericTarget>(transport: transport).result(for: GenericTarget(baseURL: exampleBase, method: method, task: task))
        return try #require(transport.requests.first)
    }

    @Test func aRequestWithoutABodyIsHandedNone() async throws {
        let request = try await sent(.plain, method: .get)
        #expect(request.body == .none)
        #expect(request.method == .get)
        #expect(request.destination == .memory)
        #expect(request.timeout == nil)
    }

    @Test func aJSONBodyIsHandedAsData() async throws {
        let request = try await sent(.json(["name": "Ada"]))
        #expect(request.body == .data(Data(#"{"name":"Ada"}"#.utf8)))
        #expect(request.value(forHTTPHeaderField: "content-type") == "application/json")
        #expect(request.headerFields["Content-Type"] == "application/json")
    }

    @Test func aMultipartFormIsHandedAsAFileWithItsContentType() async throws {
        var form = MultipartForm(boundary: "quiver-contract")
        form.append("Ada", name: "name")
        let transport = BodyReadingTransport()
        _ = try await Provider<GenericTarget>(transport: transport)
            .response(for: GenericTarget(baseURL: exampleBase, method: .post, task: .multipart(form)))
        let body = String(decoding: try #require(transport.body), as: UTF8.self)
        #expect(body.contains("name=\"name\"\r\n\r\nAda\r\n--quiver-contract--"))
    }

    @Test func aDownloadIsHandedATemporaryFileToWriteTo() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let transport = RecordingTransport()
        let target = GenericTarget(baseURL: exampleBase,
                                   task: .download(to: .file(folder.url.appendingPathComponent("x"))))
        _ = await Provider<GenericTarget>(transport: transport).result(for: target)
        let request = try #require(transport.requests.first)
        guard case .file(let file) = request.destination else {
            Issue.record("a download was handed \(request.destination)")
            return
        }
        #expect(file.lastPathComponent.hasPrefix("quiver-"))
        #expect(!FileManager.default.fileExists(atPath: file.path), "the unused destination file is removed")
    }

    @Test func aTransportThatIgnoresADownloadsDestinationFailsTheRequestLoudly() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("report.bin")
        let target = GenericTarget(baseURL: exampleBase, task: .download(to: .file(destination)))
        // RecordingTransport answers in memory whatever the destination: the contract says a file.
        let result = await Provider<GenericTarget>(transport: RecordingTransport(.status(200, Data("body".utf8))))
            .result(for: target)
        guard case .failure(.transport(let error, _)) = result else {
            Issue.record("expected a loud .transport failure, got \(result)")
            return
        }
        #expect("\(error)".contains("TransportRequest.destination"))
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test func aPluginThatSetsABodyStreamIsRefusedRatherThanSentEmpty() async {
        struct StreamPlugin: PluginType {
            func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
                var request = request
                request.httpBodyStream = InputStream(data: Data("streamed".utf8))
                return request
            }
        }
        let transport = RecordingTransport()
        let result = await Provider<GenericTarget>(transport: transport, plugins: [StreamPlugin()])
            .result(for: GenericTarget(baseURL: exampleBase, method: .post))
        guard case .failure(.invalidRequest(let message)) = result else {
            Issue.record("expected .invalidRequest, got \(result)")
            return
        }
        #expect(message.contains("httpBodyStream"))
        #expect(transport.requests.isEmpty)
    }

    @Test func theInitializerKeepsEveryPart() {
        let url = URL(string: "https://api.example.com/items?page=2")!
        let request = TransportRequest(method: .patch, url: url, headerFields: ["X-A": "1"], body: .data(Data("hi".utf8)),
                                       timeout: 2.5, destination: .memory)
        #expect(request.method == .patch)
        #expect(request.url == url)
        #expect(request.headerFields == ["X-A": "1"])
        #expect(request.body == .data(Data("hi".utf8)))
        #expect(request.body.byteCount == 2)
        #expect(request.timeout == 2.5)
        #expect(request.head.httpBody == Data("hi".utf8))
        #expect(request.head.httpMethod == "PATCH")
        #expect(TransportRequest.Body.none.byteCount == 0)
    }

    @Test func enforcingTimeoutEndsSlowWorkWithTimedOut() async {
        let request = TransportRequest(url: exampleBase, timeout: 0.3)
        let (outcome, elapsed) = await timed { () -> Result<Int, any Error> in
            do {
                return .success(try await request.enforcingTimeout {
                    try await Task.sleep(nanoseconds: 5_000_000_000)
                    return 1
                })
            } catch {
                return .failure(error)
            }
        }
        guard case .failure(let error as URLError) = outcome else {
            Issue.record("expected URLError(.timedOut), got \(outcome)")
            return
        }
        #expect(error.code == .timedOut)
        #expect(elapsed >= 0.25 && elapsed < 4.5, "timed out after \(elapsed) s")
    }

    @Test func enforcingTimeoutReturnsWhatFinishesInTime() async throws {
        #expect(try await TransportRequest(url: exampleBase, timeout: 5).enforcingTimeout { 7 } == 7)
        #expect(try await TransportRequest(url: exampleBase).enforcingTimeout { 8 } == 8)
    }
}
