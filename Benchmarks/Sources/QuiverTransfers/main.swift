// One transfer of a large body, through Quiver or through raw URLSession, so that
// Benchmarks/transfers can measure each in its own process with /usr/bin/time -v.
//
//   QuiverTransfers MODE SERVER_URL BYTES FILE
//
// MODE: raw-download | quiver-download | raw-upload | quiver-upload | raw-multipart | quiver-multipart,
//       or over AsyncHTTPClient: ahc-raw-download | ahc-quiver-download | ahc-raw-upload | ahc-quiver-upload
// SERVER_URL: the fault server (scripts/fault_server.py): GET /blob?bytes=N, POST /sink.
// FILE: where a download is written, or the file an upload sends.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver

let arguments = CommandLine.arguments
guard arguments.count == 5, let server = URL(string: arguments[2]), let size = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: QuiverTransfers MODE SERVER_URL BYTES FILE\n".utf8))
    exit(2)
}
let mode = arguments[1]
let file = URL(fileURLWithPath: arguments[4])
let configuration = URLSessionConfiguration.default
configuration.timeoutIntervalForRequest = 600
configuration.timeoutIntervalForResource = 600

let started = Date()
do {
    switch mode {
    case _ where mode.hasPrefix("ahc-"):
        guard try await runAsyncHTTPClientTransfer(mode: mode, server: server, size: size, file: file) else {
            FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
            exit(2)
        }
    case "raw-download":
        let session = URLSession(configuration: configuration)
        let (temporary, response) = try await session.download(from: server.appendingPathComponent("blob").appending(queryItems: [.init(name: "bytes", value: "\(size)")]))
        try? FileManager.default.removeItem(at: file)
        try FileManager.default.moveItem(at: temporary, to: file)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    case "quiver-download":
        let provider = Provider<GenericTarget>(transport: URLSessionTransport(configuration: configuration))
        _ = try await provider.response(for: GenericTarget(
            baseURL: server, path: "blob",
            task: HTTPTask.download(to: .file(file)).adding(query: ["bytes": .int(size)])))
    case "raw-upload":
        var request = URLRequest(url: server.appendingPathComponent("sink"))
        request.httpMethod = "POST"
        let (data, _) = try await URLSession(configuration: configuration).upload(for: request, fromFile: file)
        print(String(decoding: data, as: UTF8.self))
    case "raw-multipart":
        // What one writes without Quiver: the form written by hand to a temporary file in 64 KiB
        // chunks (no boundary check), sent with upload(for:fromFile:), then removed.
        let boundary = "raw-\(UUID().uuidString)"
        let form = FileManager.default.temporaryDirectory.appendingPathComponent("raw-\(UUID().uuidString).multipart")
        defer { try? FileManager.default.removeItem(at: form) }
        try writeForm(to: form, boundary: boundary, label: "benchmark", file: file)
        var request = URLRequest(url: server.appendingPathComponent("sink"))
        request.httpMethod = "POST"
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        let (data, _) = try await URLSession(configuration: configuration).upload(for: request, fromFile: form)
        print(String(decoding: data, as: UTF8.self))
    case "quiver-upload", "quiver-multipart":
        var form = MultipartForm()
        form.append("benchmark", name: "label")
        form.append(fileAt: file, name: "payload")
        let task: HTTPTask = mode == "quiver-upload" ? .uploadFile(file) : .multipart(form)
        let provider = Provider<GenericTarget>(transport: URLSessionTransport(configuration: configuration))
        let response = try await provider.response(for: GenericTarget(baseURL: server, path: "sink", method: .post, task: task))
        print(String(decoding: response.data, as: UTF8.self))
    default:
        FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("\(mode) failed: \(error)\n".utf8))
    exit(1)
}
print("seconds \(Date().timeIntervalSince(started))")

/// A two-part form (a text field and the file) written the plain way, for `raw-multipart`.
func writeForm(to form: URL, boundary: String, label: String, file: URL) throws {
    guard FileManager.default.createFile(atPath: form.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
    let output = try FileHandle(forWritingTo: form)
    defer { try? output.close() }
    let input = try FileHandle(forReadingFrom: file)
    defer { try? input.close() }
    try output.write(contentsOf: Data("""
        --\(boundary)\r\nContent-Disposition: form-data; name="label"\r\n\r\n\(label)\r\n\
        --\(boundary)\r\nContent-Disposition: form-data; name="payload"; filename="\(file.lastPathComponent)"\r\n\
        Content-Type: application/octet-stream\r\n\r\n
        """.utf8))
    while let chunk = try input.read(upToCount: 65_536), !chunk.isEmpty {
        try output.write(contentsOf: chunk)
    }
    try output.write(contentsOf: Data("\r\n--\(boundary)--\r\n".utf8))
}
