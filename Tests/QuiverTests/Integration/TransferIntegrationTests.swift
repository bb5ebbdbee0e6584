import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Uploads and downloads against the fault server's `/sink` and `/blob`, which take and serve
/// bodies of any size, and httpbin.
@Suite(.requiresFaultServer) struct TransferIntegrationTests {
    private var fault: URL { TestServers.fault ?? TestServers.unconfigured }
    private let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared)

    struct Sink: Decodable { let bytes: Int; let sha256: String; let contentType: String? }

    /// `count` bytes where byte i is i % 251, as `/blob` serves them.
    static func pattern(_ count: Int) -> Data {
        Data((0..<count).map { UInt8($0 % 251) })
    }

    @Test func aFileUploadArrivesWholeAndUnchanged() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let contents = Self.pattern(3 << 20)
        let file = try folder.file("upload.bin", contents: contents)
        let sink = try await provider.decode(Sink.self, from: GenericTarget(
            baseURL: fault, path: "sink", method: .post, task: .uploadFile(file, contentType: "application/x-test")))
        #expect(sink.bytes == contents.count)
        #expect(sink.sha256 == SHA256Hex.of(contents))
        #expect(sink.contentType == "application/x-test")
    }

    @Test func a307KeepsTheStreamedBody() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let contents = Self.pattern(100_000)
        let file = try folder.file("upload.bin", contents: contents)
        let sink = try await provider.decode(Sink.self, from: GenericTarget(
            baseURL: fault, path: "redirect", method: .post, task: HTTPTask.uploadFile(file).adding(query: ["status": 307, "to": "/sink"])))
        #expect(sink.bytes == contents.count)
        #expect(sink.sha256 == SHA256Hex.of(contents))
    }

    @Test func aDownloadIsWrittenToItsDestinationWithProgress() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let size = 5 << 20
        let target = GenericTarget(baseURL: fault, path: "blob", task: HTTPTask.download(to: .suggested(in: folder.url))
            .adding(query: ["bytes": .int(size)]))
        let collected = Locked([ProgressResponse]())
        _ = try await provider.response(for: target) { report in collected.withLock { $0.append(report) } }
        let reports = collected.withLock { $0 }
        let response = try #require(reports.last?.response)
        let file = try #require(response.fileURL)
        #expect(file.lastPathComponent == "blob.bin")
        #expect(file.deletingLastPathComponent().path == folder.url.path)
        #expect(try Data(contentsOf: file) == Self.pattern(size))
        let downloads = reports.filter { $0.direction == .download && !$0.isCompleted }
        #expect(downloads.count > 1)
        #expect(downloads.last?.completedUnitCount == Int64(size))
        #expect(downloads.last?.totalUnitCount == Int64(size))
        #expect(zip(downloads, downloads.dropFirst()).allSatisfy { $0.completedUnitCount <= $1.completedUnitCount })
    }

    @Test func aCancelledDownloadEndsAtOnceAndLeavesNoFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("never.bin")
        let target = GenericTarget(baseURL: fault, path: "slow-drip",
                                   task: HTTPTask.download(to: .file(destination)).adding(query: ["bytes": 200, "interval": 0.05]))
        let task = Task { await provider.result(for: target) }
        try await Task.sleep(nanoseconds: 300_000_000)
        let started = Date()
        task.cancel()
        guard case .cancelled? = await task.value.failure else {
            Issue.record("expected .cancelled")
            return
        }
        #expect(Date().timeIntervalSince(started) < 3)  // the drip would take 10 s
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test func aBrokenDownloadLeavesNoFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("broken.bin")
        let result = await provider.result(for: GenericTarget(baseURL: fault, path: "reset-mid-body",
                                                              task: .download(to: .file(destination))))
        guard case .transport? = result.failure else {
            Issue.record("expected .transport, got \(result)")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }
}

@Suite(.requiresHTTPBin) struct TransferHTTPBinTests {
    private var base: URL { TestServers.httpbin ?? TestServers.unconfigured }

    @Test func dripReportsProgressAsBytesArrive() async throws {
        let target = GenericTarget(baseURL: base, path: "drip", task: .query(["numbytes": 4, "duration": 0.6, "delay": 0]))
        let reports = Locked([ProgressResponse]())
        let outcome: Result<Response, QuiverError> = await withCheckedContinuation { continuation in
            Provider<GenericTarget>(transport: TransportUnderTest.shared).request(target, progress: { report in reports.withLock { $0.append(report) } },
                                              completion: { continuation.resume(returning: $0) })
        }
        #expect(try outcome.get().data.count == 4)
        let partial = reports.withLock { $0 }.filter { !$0.isCompleted }
        #expect(partial.count >= 2)
        #expect(reports.withLock { $0 }.last?.isCompleted == true)
    }

    @Test func anUploadedTextFileIsEchoedByteForByte() async throws {
        struct Echo: Decodable { let data: String; let headers: [String: String] }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let text = "héllo, wörld\nline two\n"
        let file = try folder.file("notes.txt", contents: Data(text.utf8))
        let echo = try await Provider<GenericTarget>(transport: TransportUnderTest.shared).decode(Echo.self, from: GenericTarget(
            baseURL: base, path: "post", method: .post, task: .uploadFile(file, contentType: "text/plain; charset=utf-8")))
        #expect(echo.data == text)
        #expect(echo.headers["Content-Type"] == "text/plain; charset=utf-8")
    }

    @Test func bytesDownloadToAFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("bytes.bin")
        let response = try await Provider<GenericTarget>(transport: TransportUnderTest.shared).response(for: GenericTarget(
            baseURL: base, path: "bytes/20000", task: .download(to: .file(destination))))
        #expect(response.fileURL == destination)
        #expect(try Data(contentsOf: destination).count == 20000)
    }
}
