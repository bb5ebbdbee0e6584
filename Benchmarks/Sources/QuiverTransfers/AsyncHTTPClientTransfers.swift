import AsyncHTTPClient
import Foundation
import NIOCore
import _NIOFileSystem
import Quiver
import QuiverAsyncHTTPClient

/// The `ahc-*` modes (`Benchmarks/transfers --async-http-client`): the same large transfers
/// through a `Provider` on `AsyncHTTPClientTransport`, and through raw `HTTPClient` streaming the
/// file as one writes it with swift-server's libraries (NIO's file system reading chunks up,
/// a buffered writer down).
///
/// - Returns: `false` when `mode` is not one of them.
func runAsyncHTTPClientTransfer(mode: String, server: URL, size: Int, file: URL) async throws -> Bool {
    // Both sides: AsyncHTTPClientTransport's configuration, a 10-minute idle limit.
    var configuration = AsyncHTTPClientTransport.defaultConfiguration
    configuration.redirectConfiguration = .disallow
    configuration.timeout.read = .seconds(600)
    let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    let blob = server.appendingPathComponent("blob").appending(queryItems: [.init(name: "bytes", value: "\(size)")])
    let sink = server.appendingPathComponent("sink")
    switch mode {
    case "ahc-raw-download":
        let response = try await client.execute(HTTPClientRequest(url: blob.absoluteString), timeout: .seconds(600))
        guard response.status == .ok else { throw URLError(.badServerResponse) }
        try await FileSystem.shared.withFileHandle(forWritingAt: FilePath(file.path),
                                                   options: .newFile(replaceExisting: true)) { handle in
            var writer = handle.bufferedWriter()
            for try await chunk in response.body {
                try await writer.write(contentsOf: chunk)
            }
            try await writer.flush()
        }
    case "ahc-quiver-download":
        let provider = Provider<GenericTarget>(transport: AsyncHTTPClientTransport(client: client))
        let response = try await provider.response(for: GenericTarget(
            baseURL: server, path: "blob",
            task: HTTPTask.download(to: .file(file)).adding(query: ["bytes": .int(size)])))
        guard response.statusCode == 200 else { throw URLError(.badServerResponse) }
    case "ahc-raw-upload":
        let answer = try await FileSystem.shared.withFileHandle(forReadingAt: FilePath(file.path)) { handle in
            var request = HTTPClientRequest(url: sink.absoluteString)
            request.method = .POST
            let length = try await handle.info().size
            request.body = .stream(handle.readChunks(), length: .known(length))
            let response = try await client.execute(request, timeout: .seconds(600))
            return try await response.body.collect(upTo: 1 << 20)
        }
        print(String(buffer: answer))
    case "ahc-quiver-upload":
        let provider = Provider<GenericTarget>(transport: AsyncHTTPClientTransport(client: client))
        let response = try await provider.response(for: GenericTarget(baseURL: server, path: "sink", method: .post,
                                                                      task: .uploadFile(file)))
        print(String(decoding: response.data, as: UTF8.self))
    default:
        return false
    }
    try await client.shutdown()
    return true
}
