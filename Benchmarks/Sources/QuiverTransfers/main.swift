// One transfer of a large body, through Quiver or through raw URLSession, so that
// Benchmarks/transfers can measure each in its own process with /usr/bin/time -v.
//
//   QuiverTransfers MODE SERVER_URL BYTES FILE
//
// MODE: raw-download | quiver-download | raw-upload | quiver-upload | quiver-multipart
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
            task: HTTPTask.download(to: DownloadDestinations.file(file)).adding(query: ["bytes": .int(size)])))
    case "raw-upload":
        var request = URLRequest(url: server.appendingPathComponent("sink"))
        request.httpMethod = "POST"
        let (data, _) = try await URLSession(configuration: configuration).upload(for: request, fromFile: file)
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
