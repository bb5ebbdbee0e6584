import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import Quiver

/// Reads an AsyncHTTPClient response into a Quiver ``Response``: its body into memory or, for a
/// download, into the destination file chunk by chunk, reporting progress as it comes.
struct ResponseReader {
    /// How many body bytes are gathered before one write to a download file.
    static let writeBatch = 1 << 18

    let request: TransportRequest
    /// The URL the response came from (the last of any redirects).
    let url: URL

    /// The whole of `response`.
    func read(_ response: HTTPClientResponse) async throws -> Response {
        if case .data(let data) = request.body {
            // AsyncHTTPClient sends a body held in memory whole before the response comes.
            request.progress.uploaded(Int64(data.count), of: Int64(data.count))
        }
        let expected = Int64(response.headers.first(name: "Content-Length") ?? "") ?? -1
        switch request.destination {
        case .memory:
            let data = try await collect(response.body, expected: expected)
            return self.response(response, body: data)
        case .file(let file):
            try await write(response.body, to: file, expected: expected)
            return self.response(response, body: Data(), fileURL: file)
        }
    }

    /// A Quiver response with `response`'s head and `body`. Its headers stay in
    /// AsyncHTTPClient's list and its `HTTPURLResponse` is made only if someone reads it: on
    /// Linux, making one costs more than the rest of the exchange.
    func response(_ response: HTTPClientResponse, body: Data, fileURL: URL? = nil) -> Response {
        Response(statusCode: Int(response.status.code), data: body, url: url,
                 httpVersion: "HTTP/\(response.version.major).\(response.version.minor)",
                 headers: response.headers, fileURL: fileURL)
    }

    /// The body in memory.
    private func collect(_ body: HTTPClientResponse.Body, expected: Int64) async throws -> Data {
        guard request.progress.isObserved else {
            let buffer = try await body.collect(upTo: Int.max)
            return Data(buffer.readableBytesView)
        }
        var data = Data()
        if expected > 0 {
            data.reserveCapacity(Int(min(expected, 1 << 26)))
        }
        for try await chunk in body {
            data.append(contentsOf: chunk.readableBytesView)
            request.progress.downloaded(Int64(data.count), of: expected)
        }
        return data
    }

    /// The body written to `file`, created or emptied first.
    private func write(_ body: HTTPClientResponse.Body, to file: URL, expected: Int64) async throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var pending = Data()
        var received: Int64 = 0
        for try await chunk in body {
            pending.append(contentsOf: chunk.readableBytesView)
            received += Int64(chunk.readableBytes)
            if pending.count >= Self.writeBatch {
                try handle.write(contentsOf: pending)
                pending.removeAll(keepingCapacity: true)
            }
            request.progress.downloaded(received, of: expected)
        }
        if !pending.isEmpty {
            try handle.write(contentsOf: pending)
        }
    }
}
