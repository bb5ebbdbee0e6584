import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A transport that reads the streamed body file while "sending" it, then answers with `status`
/// (or waits to be cancelled).
final class BodyReadingTransport: HTTPTransport {
    let status: Int
    let waits: Bool
    private let seen = Locked<(file: URL?, body: Data?)>((nil, nil))

    init(status: Int = 200, waits: Bool = false) {
        self.status = status
        self.waits = waits
    }

    var file: URL? { seen.withLock { $0.file } }
    var body: Data? { seen.withLock { $0.body } }

    func send(_ request: TransportRequest) async throws -> Response {
        let file: URL?
        switch request.body {
        case .file(let url):
            file = url
        case .none, .data:
            file = nil
        }
        let body = file.flatMap { try? Data(contentsOf: $0) }
        seen.withLock { $0 = (file, body) }
        if waits {
            try await Task.sleep(nanoseconds: 30_000_000_000)
        }
        return Response(statusCode: status, data: Data())
    }
}

@Suite struct MultipartTransferTests {
    private func form() -> MultipartForm {
        var form = MultipartForm(boundary: "quiver-test-boundary")
        form.append("Ada", name: "name")
        form.append(Data([0, 1, 2, 255]), name: "blob", fileName: "blob.bin", mimeType: "application/octet-stream")
        return form
    }

    private func target(_ form: MultipartForm) -> GenericTarget {
        GenericTarget(baseURL: exampleBase, path: "upload", method: .post, task: .multipart(form))
    }

    @Test func theFormIsStreamedFromATemporaryFileThatIsRemovedAfterwards() async throws {
        let transport = BodyReadingTransport()
        let response = try await Provider<GenericTarget>(transport: transport).response(for: target(form()))
        let body = try #require(transport.body)
        #expect(body == (try form().encodedData()))
        #expect(response.request?.value(forHTTPHeaderField: "Content-Type") == "multipart/form-data; boundary=quiver-test-boundary")
        let file = try #require(transport.file)
        #expect(file.lastPathComponent.hasPrefix("quiver-") && file.pathExtension == "multipart")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func theTemporaryFileIsRemovedAfterAFailure() async throws {
        let transport = BodyReadingTransport(status: 500)
        let result = await Provider<GenericTarget>(transport: transport).result(for: target(form()))
        #expect(result.failure?.response?.statusCode == 500)
        let file = try #require(transport.file)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func theTemporaryFileIsRemovedAfterCancellation() async throws {
        let transport = BodyReadingTransport(waits: true)
        let provider = Provider<GenericTarget>(transport: transport)
        let task = Task { await provider.result(for: target(form())) }
        try await Task.sleep(nanoseconds: 100_000_000)
        task.cancel()
        guard case .cancelled? = await task.value.failure else {
            Issue.record("expected .cancelled")
            return
        }
        let file = try #require(transport.file)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aRetryResendsTheSameBody() async throws {
        let transport = ScriptedTransport { _, attempt in (attempt == 1 ? 503 : 200, [:], Data()) }
        var form = form()
        form.append("k", name: "idempotent")
        let target = GenericTarget(baseURL: exampleBase, method: .post, task: .multipart(form), headers: ["Idempotency-Key": "1"])
        let response = try await Provider<GenericTarget>(transport: transport, retryPolicy: RetryPolicy(baseDelay: 0.001)).response(for: target)
        #expect(response.statusCode == 200)
        #expect(transport.requests.count == 2)
    }

    @Test func anInvalidFormIsRefusedBeforeAnythingIsSent() async {
        var form = MultipartForm()
        form.append("x", name: "bad\r\nname")
        let transport = BodyReadingTransport()
        guard case .invalidRequest = await Provider<GenericTarget>(transport: transport).result(for: target(form)).failure else {
            Issue.record("expected .invalidRequest")
            return
        }
        #expect(transport.file == nil)
    }

    @Test func aMultipartGetIsRefused() async {
        let get = GenericTarget(baseURL: exampleBase, method: .get, task: .multipart(form()))
        guard case .invalidRequest = await Provider<GenericTarget>(transport: BodyReadingTransport()).result(for: get).failure else {
            Issue.record("expected .invalidRequest")
            return
        }
    }

    @Test func aQueryCanBeAddedToAMultipartTask() throws {
        let endpoint = Provider<GenericTarget>.defaultEndpointMapping(for: GenericTarget(
            baseURL: exampleBase, method: .post, task: HTTPTask.multipart(form()).adding(query: ["draft": true])))
        let request = try endpoint.urlRequest()
        #expect(request.url?.query == "draft=true")
        #expect(request.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data") == true)
    }
}
