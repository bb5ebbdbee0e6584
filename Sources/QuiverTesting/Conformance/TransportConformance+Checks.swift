import Foundation
import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The checks themselves: each sends one or two requests and throws what went wrong.
extension TransportConformance {
    func perform(_ check: Check) async throws(ConformanceProblem) {
        switch check {
        case .noBody: try await checkNoBody()
        case .dataBody: try await checkDataBody()
        case .fileBody: try await checkFileBody(reportingProgress: false)
        case .multipartBody: try await checkMultipartBody()
        case .statusCode: try await checkStatusCode()
        case .timeout: try await checkTimeout()
        case .cancellation: try await checkCancellation()
        case .uploadProgress: try await checkFileBody(reportingProgress: true)
        case .downloadProgress: try await checkDownloadProgress()
        case .downloadToFile: try await checkDownloadToFile()
        case .bodySizeLimit: try await checkBodySizeLimit()
        }
    }

    private func checkNoBody() async throws(ConformanceProblem) {
        let token = UUID().uuidString
        let url = try endpoint("anything", query: "quiver=\(token)")
        let echo = try await echo(of: TransportRequest(url: url, headerFields: ["X-Quiver-Check": token]))
        if echo.method != "GET" {
            throw ConformanceProblem("sent GET, the server received \(echo.method ?? "no method")")
        }
        if ConformanceEcho.string("quiver", in: echo.args) != token {
            throw ConformanceProblem("the URL's query quiver=\(token) did not arrive (received \(echo.args ?? [:]))")
        }
        if echo.header("X-Quiver-Check") != token {
            throw ConformanceProblem("the header field X-Quiver-Check did not arrive (TransportRequest.headerFields)")
        }
        if let data = echo.data, !data.isEmpty {
            throw ConformanceProblem("a request without a body arrived with a \(data.utf8.count)-byte body")
        }
    }

    private func checkDataBody() async throws(ConformanceProblem) {
        let text = "quiver data body \(UUID().uuidString)"
        let echo = try await echo(of: TransportRequest(method: .put, url: try endpoint("anything"),
                                                       headerFields: ["Content-Type": "text/plain"],
                                                       body: .data(Data(text.utf8))))
        if echo.method != "PUT" {
            throw ConformanceProblem("sent PUT, the server received \(echo.method ?? "no method")")
        }
        try expectBody(echo.data, equals: text, kind: ".data")
    }

    private func checkFileBody(reportingProgress: Bool) async throws(ConformanceProblem) {
        let text = String(repeating: "quiver file body \(UUID().uuidString)\n", count: 64)
        let file = try temporaryFile("upload", contents: Data(text.utf8))
        defer { TemporaryFiles.remove(file) }
        let reports = Locked([ProgressResponse]())
        let progress = reportingProgress ? TransportProgress { report in reports.withLock { $0.append(report) } } : .ignored
        let echo = try await echo(of: TransportRequest(method: .post, url: try endpoint("anything"),
                                                       headerFields: ["Content-Type": "text/plain"],
                                                       body: .file(file), progress: progress))
        try expectBody(echo.data, equals: text, kind: ".file")
        guard reportingProgress else { return }
        let uploads = reports.withLock { $0 }.filter { $0.direction == .upload }
        guard let last = uploads.last else {
            throw ConformanceProblem("no upload progress was reported for a \(text.utf8.count)-byte body "
                                     + "(call TransportRequest.progress.uploaded(_:of:))")
        }
        if last.completedUnitCount != Int64(text.utf8.count) {
            throw ConformanceProblem("the last upload progress said \(last.completedUnitCount) bytes were sent, "
                                     + "not the body's \(text.utf8.count)")
        }
    }

    private func checkMultipartBody() async throws(ConformanceProblem) {
        let token = UUID().uuidString
        let attachment = "quiver attachment \(token)"
        var form = MultipartForm()
        form.append(token, name: "quiver")
        form.append(Data(attachment.utf8), name: "attachment", fileName: "attachment.txt", mimeType: "text/plain")
        let file: URL
        do {
            file = try temporaryFile("multipart", contents: Data())
            _ = try form.writeBody(to: file)
        } catch {
            throw ConformanceProblem("could not write the multipart form: \(error)")
        }
        defer { TemporaryFiles.remove(file) }
        let echo = try await echo(of: TransportRequest(method: .post, url: try endpoint("anything"),
                                                       headerFields: ["Content-Type": form.contentType],
                                                       body: .file(file)))
        guard ConformanceEcho.string("quiver", in: echo.form) == token,
              ConformanceEcho.string("attachment", in: echo.files) == attachment
        else {
            throw ConformanceProblem("the multipart form's body did not arrive (fields received: \(echo.form ?? [:]), "
                                     + "files: \(echo.files ?? [:])): a .file body must be sent from the file")
        }
    }

    private func checkStatusCode() async throws(ConformanceProblem) {
        let response = try await send(TransportRequest(url: try endpoint("status/418")))
        if response.statusCode != 418 {
            throw ConformanceProblem("the server answered 418, the response says \(response.statusCode)")
        }
    }

    private func checkTimeout() async throws(ConformanceProblem) {
        let request = TransportRequest(url: try endpoint("delay/4"), timeout: 1.5)
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome: Result<Response, any Error>
        do {
            outcome = .success(try await transport.send(request))
        } catch {
            outcome = .failure(error)
        }
        let elapsed = Self.seconds(since: start)
        switch outcome {
        case .success(let response):
            throw ConformanceProblem("a 1.5 s timeout did not end a 4 s exchange: status \(response.statusCode) "
                                     + "after \(elapsed) s (TransportRequest.timeout is a deadline on the whole exchange)")
        case .failure(let error):
            guard case .timedOut = QuiverError(transportError: error) else {
                throw ConformanceProblem("a 1.5 s timeout ended with \(error), not URLError(.timedOut)")
            }
        }
        if elapsed < 1.4 {
            throw ConformanceProblem("a 1.5 s timeout fired after \(elapsed) s: too soon (whole seconds?)")
        }
        if elapsed > 3 {
            throw ConformanceProblem("a 1.5 s timeout fired after \(elapsed) s: too late")
        }
    }

    private func checkCancellation() async throws(ConformanceProblem) {
        let url = try endpoint("delay/5")
        let transport = self.transport
        let start = DispatchTime.now().uptimeNanoseconds
        let task = Task { try await transport.send(TransportRequest(url: url)) }
        try? await Task.sleep(nanoseconds: 300_000_000)
        task.cancel()
        let outcome = await task.result
        let elapsed = Self.seconds(since: start)
        switch outcome {
        case .success(let response):
            throw ConformanceProblem("a cancelled request returned status \(response.statusCode) after \(elapsed) s")
        case .failure(let error):
            guard case .cancelled = QuiverError(transportError: error) else {
                throw ConformanceProblem("a cancelled request threw \(error), not CancellationError or URLError(.cancelled)")
            }
        }
        if elapsed > 2.5 {
            throw ConformanceProblem("a request cancelled after 0.3 s ended only after \(elapsed) s")
        }
    }

    private func checkDownloadProgress() async throws(ConformanceProblem) {
        let size = 65_536
        let reports = Locked([ProgressResponse]())
        let response = try await send(TransportRequest(url: try endpoint("bytes/\(size)"), progress: TransportProgress { report in
            reports.withLock { $0.append(report) }
        }))
        if response.data.count != size {
            throw ConformanceProblem("a \(size)-byte response arrived with \(response.data.count) bytes")
        }
        let downloads = reports.withLock { $0 }.filter { $0.direction == .download }
        guard let last = downloads.last else {
            throw ConformanceProblem("no download progress was reported (call TransportRequest.progress.downloaded(_:of:))")
        }
        if last.completedUnitCount != Int64(size) {
            throw ConformanceProblem("the last download progress said \(last.completedUnitCount) bytes, not \(size)")
        }
    }

    private func checkDownloadToFile() async throws(ConformanceProblem) {
        let size = 100_000
        let destination = TemporaryFiles.name("download")
        defer { TemporaryFiles.remove(destination) }
        let response = try await send(TransportRequest(url: try endpoint("bytes/\(size)"), destination: .file(destination)))
        guard let file = response.fileURL else {
            throw ConformanceProblem("the response names no file (Response.fileURL): the body of a request whose "
                                     + "destination is .file must be written to that file")
        }
        defer { TemporaryFiles.remove(file) }
        let written = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue
        if written != size {
            throw ConformanceProblem("the \(size)-byte body was written to \(file.path) as \(written.map(String.init) ?? "no") bytes")
        }
    }

    private func checkBodySizeLimit() async throws(ConformanceProblem) {
        let destination = TemporaryFiles.name("download")
        defer { TemporaryFiles.remove(destination) }
        for target in [TransportRequest.Destination.memory, .file(destination)] {
            let request = TransportRequest(url: try endpoint("bytes/65536"), destination: target, maximumBodySize: 16_384)
            do {
                let response = try await transport.send(request)
                throw ConformanceProblem("a 65536-byte body arrived (\(response.data.count) bytes in memory) although "
                                         + "TransportRequest.maximumBodySize was 16384: call TransportRequest.checkBodySize(_:) "
                                         + "as the body arrives")
            } catch let problem as ConformanceProblem {
                throw problem
            } catch QuiverError.transport(let error as ResponseTooLarge, _) where error.limit == 16_384 {
                // A transport may throw it as Quiver would report it.
            } catch let error as ResponseTooLarge where error.limit == 16_384 {
                // As TransportRequest.checkBodySize(_:) throws it.
            } catch {
                throw ConformanceProblem("a body over TransportRequest.maximumBodySize ended with \(error), not ResponseTooLarge")
            }
        }
        if FileManager.default.fileExists(atPath: destination.path) {
            throw ConformanceProblem("a download stopped at its size limit left its file \(destination.path) behind")
        }
    }

    // MARK: Helpers

    /// `path` (and `query`) under the echo server.
    private func endpoint(_ path: String, query: String? = nil) throws(ConformanceProblem) -> URL {
        var text = echoServer.absoluteString
        if !text.hasSuffix("/") {
            text += "/"
        }
        text += path + (query.map { "?" + $0 } ?? "")
        guard let url = URL(string: text) else {
            throw ConformanceProblem("\(echoServer) is not a base URL a path can be added to")
        }
        return url
    }

    /// The transport's response to `request`, or what it threw, as a problem.
    private func send(_ request: TransportRequest) async throws(ConformanceProblem) -> Response {
        do {
            return try await transport.send(request)
        } catch {
            throw ConformanceProblem("\(request.method) \(request.url) threw \(error)")
        }
    }

    /// What the echo server received of `request`.
    private func echo(of request: TransportRequest) async throws(ConformanceProblem) -> ConformanceEcho {
        let response = try await send(request)
        guard response.statusCode == 200 else {
            throw ConformanceProblem("\(request.method) \(request.url) answered \(response.statusCode), not 200")
        }
        do {
            return try JSONDecoder().decode(ConformanceEcho.self, from: response.data)
        } catch {
            throw ConformanceProblem("\(request.method) \(request.url): the response body is not httpbin's echo "
                                     + "(\(response.data.count) bytes): \(error)")
        }
    }

    /// Checks that the server received `expected` as the body.
    private func expectBody(_ received: String?, equals expected: String, kind: String) throws(ConformanceProblem) {
        let received = received ?? ""
        guard received != expected else { return }
        throw ConformanceProblem("sent a \(expected.utf8.count)-byte \(kind) body, the server received "
                                 + "\(received.utf8.count) bytes\(received.isEmpty ? " (an empty body)" : ""): "
                                 + "switch over TransportRequest.body and send every case")
    }

    /// A temporary file holding `contents`.
    private func temporaryFile(_ kind: String, contents: Data) throws(ConformanceProblem) -> URL {
        let url = TemporaryFiles.name(kind)
        do {
            try contents.write(to: url)
        } catch {
            throw ConformanceProblem("could not write a temporary file: \(error)")
        }
        return url
    }

    private static func seconds(since start: UInt64) -> TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000_000
    }
}
