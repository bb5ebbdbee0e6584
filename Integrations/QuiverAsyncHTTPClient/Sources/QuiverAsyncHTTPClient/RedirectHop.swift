import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Quiver

/// One request of a chain of redirects: what ``AsyncHTTPClientTransport`` sends next, and
/// where a redirect leads from it.
///
/// The rules are `URLSessionTransport`'s: a `303` (of anything but `HEAD`) and a `301`/`302` of
/// a `POST` become a `GET` without a body; a `307`/`308` repeats the method and the body;
/// leaving the origin (scheme, host, port) drops the credential headers.
struct RedirectHop: Sendable {
    /// Header fields that carry credentials and must not leave their origin.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    var method: Quiver.HTTPMethod
    var url: URL
    var headerFields: [String: String]
    var body: TransportRequest.Body

    /// The first request of the chain: `request` as it is.
    init(_ request: TransportRequest) {
        method = request.method
        url = request.url
        headerFields = request.headerFields
        body = request.body
    }

    /// This hop as an AsyncHTTPClient request, its file body streamed and reporting to `progress`.
    func clientRequest(reportingTo progress: TransportProgress) throws -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url.absoluteString)
        if method != .get {
            request.method = NIOHTTP1.HTTPMethod(rawValue: method.rawValue)
        }
        if !headerFields.isEmpty {
            request.headers.reserveCapacity(headerFields.count)
            for (name, value) in headerFields {
                request.headers.add(name: name, value: value)
            }
        }
        switch body {
        case .none:
            break
        case .data(let data):
            request.body = .bytes(ByteBuffer(bytes: data))
        case .file(let file):
            let chunks = try FileChunks(file, progress: progress)
            request.body = .stream(chunks, length: .known(chunks.size))
        }
        return request
    }

    /// The hop a redirect `response` leads to, or `nil` when it is no redirect to follow (not a
    /// redirect status, no `Location`, or one that is not http(s)).
    func following(_ response: HTTPClientResponse) -> RedirectHop? {
        let status = Int(response.status.code)
        guard [301, 302, 303, 307, 308].contains(status),
              let location = response.headers.first(name: "Location"),
              let target = URL(string: location, relativeTo: url)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        var next = self
        next.url = target
        if (status == 303 && method != .head) || ((status == 301 || status == 302) && method == .post) {
            next.method = .get
            next.body = .none
            next.removeHeaders { $0 == "content-type" || $0 == "content-length" }
        }
        if Origin(url) != Origin(target) {
            next.removeHeaders { Self.credentialHeaders.contains($0) }
        }
        return next
    }

    /// Removes the header fields whose lowercased name matches `isRemoved`.
    private mutating func removeHeaders(where isRemoved: (String) -> Bool) {
        headerFields = headerFields.filter { !isRemoved($0.key.lowercased()) }
    }
}

/// Scheme, host and port of a URL: the unit credentials are scoped to.
struct Origin: Equatable {
    let scheme: String
    let host: String
    let port: Int?

    init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}
