import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Quiver

/// One request of a chain of redirects: what ``AsyncHTTPClientTransport`` sends next, and
/// where a redirect leads from it.
///
/// The rules are `URLSessionTransport`'s, Quiver's ``RedirectRules``: a `303` (of anything but
/// `HEAD`) and a `301`/`302` of a `POST` become a `GET` without a body; a `307`/`308` repeats
/// the method and the body; leaving the origin (scheme, host, port) drops the credential headers.
struct RedirectHop: Sendable {
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
        switch status {
        case 301, 302, 303, 307, 308: break
        default: return nil
        }
        guard let location = response.headers.first(name: "Location"),
              let target = RedirectRules.destination(ofLocation: location, from: url)
        else { return nil }
        var next = self
        next.url = target
        if RedirectRules.becomesGet(statusCode: status, method: method) {
            next.method = .get
            next.body = .none
            next.removeHeaders { ["content-type", "content-length"].contains($0.lowercased()) }
        }
        if !RedirectRules.isSameOrigin(url, target) {
            next.removeHeaders(where: RedirectRules.isCredential(headerField:))
        }
        return next
    }

    /// Removes the header fields whose name matches `isRemoved`.
    private mutating func removeHeaders(where isRemoved: (String) -> Bool) {
        headerFields = headerFields.filter { !isRemoved($0.key) }
    }
}
