import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver
import QuiverTesting

/// The minimal transport of `HTTPTransport`'s documentation and the Transports article, word for
/// word: the conformance tests prove the documented example right, and the article's blocks (this
/// struct and ``checkPlainSessionTransport(httpbin:)``) compiles here.
struct PlainSessionTransport: HTTPTransport {
    let session: URLSession

    func send(_ request: TransportRequest) async throws -> Response {
        var head = URLRequest(url: request.url)
        head.httpMethod = request.method.rawValue
        for (name, value) in request.headerFields {
            head.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await request.enforcingTimeout { [head, session] () async throws -> (Data, URLResponse) in
            switch request.body {
            case .none: return try await session.data(for: head)
            case .data(let body): return try await session.upload(for: head, from: body)
            case .file(let file): return try await session.upload(for: head, fromFile: file)
            }
        }
        if let size = request.body.byteCount {
            request.progress.uploaded(size, of: size)
        }
        request.progress.downloaded(Int64(data.count), of: Int64(data.count))
        try request.checkBodySize(Int64(data.count))
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        switch request.destination {
        case .memory:
            return Response(statusCode: http.statusCode, data: data, response: http)
        case .file(let file):
            try data.write(to: file)
            return Response(statusCode: http.statusCode, data: Data(), response: http, fileURL: file)
        }
    }
}

/// The Transports article's use of the conformance check, compiled with the example it checks.
func checkPlainSessionTransport(httpbin: URL) async throws {
    let conformance = TransportConformance(transport: PlainSessionTransport(session: .shared), echoServer: httpbin)
    try await conformance.verify()   // throws a report naming each failed check
}

/// A transport written the obvious way but for one slip: it sends a file body as no body at all,
/// as `session.data(for:)` with a `URLRequest` whose body lives elsewhere does.
struct FileBodyIgnoringTransport: HTTPTransport {
    let session: URLSession

    func send(_ request: TransportRequest) async throws -> Response {
        var head = URLRequest(url: request.url)
        head.httpMethod = request.method.rawValue
        for (name, value) in request.headerFields {
            head.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await request.enforcingTimeout { [head, session] () async throws -> (Data, URLResponse) in
            switch request.body {
            case .data(let body): return try await session.upload(for: head, from: body)
            case .none, .file: return try await session.data(for: head)
            }
        }
        if let size = request.body.byteCount {
            request.progress.uploaded(size, of: size)
        }
        request.progress.downloaded(Int64(data.count), of: Int64(data.count))
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        switch request.destination {
        case .memory:
            return Response(statusCode: http.statusCode, data: data, response: http)
        case .file(let file):
            try data.write(to: file)
            return Response(statusCode: http.statusCode, data: Data(), response: http, fileURL: file)
        }
    }
}
