import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

@Suite struct TransferTests {
    private func provider(sample: EndpointSampleResponse? = nil, transport: any HTTPTransport = RecordingTransport(),
                          stubbed: Bool = true) -> Provider<GenericTarget> {
        Provider<GenericTarget>(endpointClosure: { target in
            let endpoint = Provider<GenericTarget>.defaultEndpointMapping(for: target)
            return sample.map { sample in endpoint.replacing(sampleResponseClosure: { sample }) } ?? endpoint
        }, stubClosure: { _ in stubbed ? .immediate : .never }, transport: transport)
    }

    // MARK: Uploads

    @Test func anUploadStreamsItsFileThroughTheTransport() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.file("photo.jpg", contents: Data(repeating: 7, count: 1000))
        let transport = RecordingTransport()
        let target = GenericTarget(baseURL: exampleBase, path: "upload", method: .put, task: .uploadFile(file, contentType: "image/jpeg"))
        _ = try await provider(transport: transport, stubbed: false).response(for: target)
        let sent = try #require(transport.requests.first)
        #expect(sent.body == .file(file))
        #expect(sent.head.httpBody == nil)
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "image/jpeg")
        #expect(FileManager.default.fileExists(atPath: file.path), "the caller's file is never removed")
    }

    @Test func aMissingFileIsRefusedBeforeAnythingIsSent() async {
        let transport = RecordingTransport()
        let target = GenericTarget(baseURL: exampleBase, method: .post,
                                   task: .uploadFile(URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).bin")))
        guard case .invalidRequest(let reason) = await provider(transport: transport, stubbed: false).result(for: target).failure else {
            Issue.record("expected .invalidRequest")
            return
        }
        #expect(reason.contains("missing or unreadable"))
        #expect(transport.requests.isEmpty)
    }

    @Test func anUploadOnGetIsRefused() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.file("a.txt", contents: Data("x".utf8))
        let result = await provider().result(for: GenericTarget(baseURL: exampleBase, task: .uploadFile(file)))
        guard case .invalidRequest = result.failure else {
            Issue.record("expected .invalidRequest")
            return
        }
    }

    @Test func aStubbedUploadReportsUploadProgressForTheWholeFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.file("a.bin", contents: Data(count: 4096))
        let target = GenericTarget(baseURL: exampleBase, method: .post, task: .uploadFile(file), sampleData: Data("ok".utf8))
        let collected = Locked([ProgressResponse]())
        _ = try await provider().response(for: target) { report in collected.withLock { $0.append(report) } }
        let reports = collected.withLock { $0 }
        let upload = try #require(reports.first { $0.direction == .upload })
        #expect(upload.completedUnitCount == 4096 && upload.totalUnitCount == 4096)
        #expect(reports.last?.response?.data == Data("ok".utf8))
        #expect(reports.last?.progress == 1)
    }

    // MARK: Downloads

    @Test func aStubbedDownloadWritesTheSampleDataToTheDestination() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("nested/dir/report.pdf")
        let target = GenericTarget(baseURL: exampleBase, path: "report", task: .download(to: .file(destination)),
                                   sampleData: Data("%PDF-1.7".utf8))
        let response = try await provider().response(for: target)
        #expect(response.fileURL == destination)
        #expect(response.data.isEmpty)
        #expect(try Data(contentsOf: destination) == Data("%PDF-1.7".utf8))
    }

    @Test func anExistingFileIsReplacedOnlyWhenAsked() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let destination = try folder.file("report.txt", contents: Data("old".utf8))
        let keep = GenericTarget(baseURL: exampleBase, task: .download(to: .file(destination, options: [])),
                                 sampleData: Data("new".utf8))
        guard case .transport(let cause as DownloadSaveError, _) = await provider().result(for: keep).failure else {
            Issue.record("expected a DownloadSaveError")
            return
        }
        #expect("\(cause)".contains("could not be saved"))
        #expect(cause.destination.lastPathComponent.isEmpty == false)
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        let replace = GenericTarget(baseURL: exampleBase, task: .download(to: .file(destination, options: .removePreviousFile)),
                                    sampleData: Data("new".utf8))
        _ = try await provider().response(for: replace)
        #expect(try Data(contentsOf: destination) == Data("new".utf8))
    }

    @Test func aRejectedDownloadLeavesNoFileAndKeepsItsErrorBody() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("missing.bin")
        let target = GenericTarget(baseURL: exampleBase, task: .download(to: .file(destination)))
        let result = await provider(sample: .networkResponse(404, Data(#"{"error":"gone"}"#.utf8))).result(for: target)
        guard case .statusCode(let response) = result.failure else {
            Issue.record("expected .statusCode")
            return
        }
        #expect(response.data == Data(#"{"error":"gone"}"#.utf8))
        #expect(response.fileURL == nil)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test func theSuggestedDestinationUsesTheServersFileName() throws {
        let folder = URL(fileURLWithPath: "/downloads")
        let destination = DownloadDestination.suggested(in: folder)
        let http = try #require(HTTPURLResponse(url: URL(string: "https://h/files/42")!, statusCode: 200, httpVersion: nil,
                                                headerFields: ["Content-Disposition": #"attachment; filename="../../etc/report.csv""#]))
        let (url, options) = destination.decide(URL(fileURLWithPath: "/tmp/x"), http)
        // The server's name never leads out of the folder (Foundation may also flatten it).
        #expect(url.deletingLastPathComponent().path == "/downloads")
        #expect(url.lastPathComponent.hasSuffix("report.csv"))
        #expect(options == [.createIntermediateDirectories, .removePreviousFile])
        let plain = try #require(HTTPURLResponse(url: URL(string: "https://h/files/data.json")!, statusCode: 200, httpVersion: nil, headerFields: [:]))
        #expect(destination.decide(URL(fileURLWithPath: "/tmp/x"), plain).destinationURL.path == "/downloads/data.json")
    }

    // MARK: Progress

    @Test func theCompletionHandlerGetsProgressInOrderThenTheCompletionLast() async {
        let events = Locked([String]())
        let target = GenericTarget(baseURL: exampleBase, sampleData: Data(count: 10))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            provider().request(target, progress: { report in
                events.withLock { $0.append(report.isCompleted ? "complete" : "\(report.direction) \(report.completedUnitCount)/\(report.totalUnitCount)") }
            }, completion: { _ in
                events.withLock { $0.append("completion") }
                done.resume()
            })
        }
        #expect(events.withLock { $0 } == ["download 10/10", "complete", "completion"])
    }

    @Test func aFailureThrowsItsErrorAndReportsNoCompleteResponse() async {
        let completed = Locked(false)
        do {
            _ = try await provider(sample: .networkError(URLError(.notConnectedToInternet)))
                .response(for: GenericTarget(baseURL: exampleBase)) { report in
                    if report.isCompleted { completed.withLock { $0 = true } }
                }
            Issue.record("the request must throw")
        } catch .transport {
            #expect(!completed.withLock { $0 })
        } catch {
            Issue.record("expected .transport, got \(error)")
        }
    }

    @Test func progressFractionsAreBounded() {
        #expect(ProgressResponse(completedUnitCount: 50, totalUnitCount: 200).progress == 0.25)
        #expect(ProgressResponse(completedUnitCount: 50, totalUnitCount: -1).progress == 0)
        #expect(ProgressResponse(completedUnitCount: 500, totalUnitCount: 200).progress == 1)
    }
}

@Suite struct ProgressDeliveryTests {
    @Test func aSlowReaderSkipsOldReportsButAlwaysGetsTheResponse() async throws {
        // A transport that reports 10,000 download steps before answering.
        struct Chatty: HTTPTransport {
            func send(_ request: TransportRequest) async throws -> Response {
                for step in 1...10_000 {
                    request.progress.downloaded(Int64(step), of: 10_000)
                }
                return Response(statusCode: 200, data: Data("done".utf8))
            }
        }
        // A reader slower than the transport: 1 ms per report, 10,000 reports made in far less.
        let collected = Locked([ProgressResponse]())
        _ = try await Provider<GenericTarget>(transport: Chatty()).response(for: GenericTarget(baseURL: exampleBase)) { report in
            collected.withLock { $0.append(report) }
            usleep(1000)
        }
        let reports = collected.withLock { $0 }
        #expect(reports.count < 1000, "a slow reader gets the newest reports, not a backlog")
        #expect(reports.last?.response?.data == Data("done".utf8))
        #expect(reports.dropLast().last?.completedUnitCount == 10_000)
    }
}
