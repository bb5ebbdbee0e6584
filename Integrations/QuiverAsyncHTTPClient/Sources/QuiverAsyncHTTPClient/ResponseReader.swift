import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import Quiver

/// Reads an AsyncHTTPClient response into a Quiver ``Response``: its body into memory or, for a
/// download, into the destination file chunk by chunk, reporting progress as it comes, and
/// never past the request's ``TransportRequest/maximumBodySize`` (counted as the chunks come,
/// after decompression): a larger body fails with ``ResponseTooLarge`` and, its iteration
/// left, AsyncHTTPClient closes the connection.
struct ResponseReader {
    /// How many body bytes are gathered before one write to a download file.
    static let writeBatch = 1 << 18

    let request: TransportRequest
    /// The URL the response came from (the last of any redirects).
    let url: URL

    /// The whole of `response`.
    @inline(never)
    func read(_ response: HTTPClientResponse) async throws -> Response {
        if case .data(let data) = request.body {
            // AsyncHTTPClient sends a body held in memory whole before the response comes.
            request.progress.uploaded(Int64(data.count), of: Int64(data.count))
        }
        switch request.destination {
        case .memory:
            guard request.progress.isObserved else {
                // Nobody watches the download: the body whole, without its expected length.
                let limit = request.maximumBodySize.map { Int(clamping: $0) } ?? .max
                do {
                    let buffer = try await response.body.collect(upTo: limit)
                    return self.response(response, body: buffer.readableData)
                } catch is NIOTooManyBytesError {
                    // More than `limit` bytes came: the request's own error.
                    try request.checkBodySize(Int64(limit) &+ 1)
                    throw URLError(.dataLengthExceedsMaximum)
                }
            }
            let data = try await collect(response.body, expected: Self.expectedLength(of: response))
            return self.response(response, body: data)
        case .file(let file):
            try await write(response.body, to: file, expected: Self.expectedLength(of: response))
            return self.response(response, body: Data(), fileURL: file)
        }
    }

    /// The body's length as the response announces it, or -1.
    private static func expectedLength(of response: HTTPClientResponse) -> Int64 {
        Int64(response.headers.first(name: "Content-Length") ?? "") ?? -1
    }

    /// A Quiver response with `response`'s head and `body`. Its headers stay in
    /// AsyncHTTPClient's list and its `HTTPURLResponse` is made only if someone reads it: on
    /// Linux, making one costs more than the rest of the exchange.
    func response(_ response: HTTPClientResponse, body: Data, fileURL: URL? = nil) -> Response {
        Response(statusCode: Int(response.status.code), data: body, url: url,
                 httpVersion: Self.versionText(major: response.version.major, minor: response.version.minor),
                 headers: response.headers, fileURL: fileURL)
    }

    /// `HTTP/<major>.<minor>`: the versions servers answer with as constants, any other made.
    static func versionText(major: Int, minor: Int) -> String {
        switch (major, minor) {
        case (1, 1): "HTTP/1.1"
        case (2, 0): "HTTP/2.0"
        case (1, 0): "HTTP/1.0"
        default: "HTTP/\(major).\(minor)"
        }
    }

    /// The body in memory, its progress reported.
    private func collect(_ body: HTTPClientResponse.Body, expected: Int64) async throws -> Data {
        var data = Data()
        if expected > 0 {
            data.reserveCapacity(Int(min(expected, 1 << 26)))
        }
        for try await chunk in body {
            try request.checkBodySize(Int64(data.count + chunk.readableBytes))
            data.append(readableBytesOf: chunk)
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
            received += Int64(chunk.readableBytes)
            try request.checkBodySize(received)
            pending.append(readableBytesOf: chunk)
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
