import Foundation
import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as it reached a ``StubNetwork``: after every plugin, as it would have gone on the
/// wire, with views of its query, header fields and body for assertions.
///
/// ```swift
/// let sent = try #require(network.requests.first)
/// #expect(sent.method == .post && sent.path == "/gists")
/// #expect(sent.json?["public"] == .bool(true))
/// #expect(sent.header("Idempotency-Key") != nil)
/// ```
public struct RecordedRequest: Sendable {
    /// The most bytes of a body a stub network keeps for assertions: 16 MiB. A larger body is
    /// counted (``bodyByteCount``) but not kept, so that memory stays bounded whatever a test sends.
    static let bodyLimit = 16 << 20

    /// The head of the request (method, URL, header fields): all a recording keeps of it, so
    /// that what the request held besides (its progress handlers) is let go with it.
    private let head: URLRequest
    /// The method.
    public let method: HTTPMethod
    /// The URL as a string, and where its path stands in its UTF-8: found once for every
    /// expectation to compare with, without making a string of it.
    let absoluteURL: String
    let pathBytes: Range<Int>
    /// The body bytes, read from memory or from the file the request streams; `nil` for a
    /// request without a body, or one larger than 16 MiB.
    public let body: Data?
    /// The size of the body in bytes, kept or not.
    public let bodyByteCount: Int64
    /// Where this request stands among those the network received, from 1.
    public let position: Int

    /// Keeps `request`; reads a file body at once (the file is the provider's, removed once the
    /// request is answered). What the assertions read is made when they read it, so that
    /// recording adds little to a request (about 2.5 µs with matching, on this project's
    /// benchmark machine).
    init(_ request: TransportRequest, position: Int) {
        self.head = request.head
        self.url = request.url
        self.position = position
        // Every expectation reads these two: made once.
        self.method = request.method
        var absolute = request.url.absoluteString
        self.pathBytes = absolute.withUTF8 { Self.path(in: $0) }
        self.absoluteURL = absolute
        switch request.body {
        case .none:
            (body, bodyByteCount) = (nil, 0)
        case .data(let data):
            bodyByteCount = Int64(data.count)
            body = data.count <= Self.bodyLimit ? data : nil
        case .file(let file):
            let count = request.body.byteCount ?? 0
            bodyByteCount = count
            body = count <= Int64(Self.bodyLimit) ? (try? Data(contentsOf: file)) : nil
        }
    }

    /// The URL, with its query.
    public let url: URL

    /// The URL's path, percent-encoded as sent (`/users/ada%20l`).
    public var path: String {
        var absolute = absoluteURL
        return pathBytes.isEmpty ? "/" : absolute.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[pathBytes]), as: UTF8.self) }
    }

    /// Whether the path is `plain` byte for byte, or `plain` and a final `/`.
    func pathIs(_ plain: String) -> Bool {
        var absolute = absoluteURL
        var plain = plain
        return absolute.withUTF8 { url in
            plain.withUTF8 { plain in
                let path = pathBytes.isEmpty ? UnsafeBufferPointer(rebasing: plain[0..<min(1, plain.count)]) : UnsafeBufferPointer(rebasing: url[pathBytes])
                if path.elementsEqual(plain) { return true }
                return path.count == plain.count + 1 && path.last == UInt8(ascii: "/") && path.dropLast().elementsEqual(plain)
            }
        }
    }

    /// The header fields.
    public var headerFields: [String: String] {
        head.allHTTPHeaderFields ?? [:]
    }

    /// Where the path of an absolute URL stands in its UTF-8: from the `/` after the authority
    /// to the query or fragment; empty when the URL has no path (`https://host?q`). A scan of
    /// the bytes: `URLComponents` parses the whole URL for it, several times the cost.
    static func path(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let slash = UInt8(ascii: "/"), question = UInt8(ascii: "?"), hash = UInt8(ascii: "#")
        var start = 0
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 2 < bytes.count,
           bytes[colon + 1] == slash, bytes[colon + 2] == slash {
            // After `scheme://`, the authority ends at the first `/`, `?` or `#`; only `/` starts a path.
            start = colon + 3
            while start < bytes.count, bytes[start] != slash, bytes[start] != question, bytes[start] != hash {
                start += 1
            }
            if start == bytes.count || bytes[start] != slash { return start..<start }
        }
        var end = start
        while end < bytes.count, bytes[end] != question, bytes[end] != hash {
            end += 1
        }
        return start..<end
    }

    /// The query items, in order, percent-decoded.
    public var queryItems: [(name: String, value: String)] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return items.map { ($0.name, $0.value ?? "") }
    }

    /// The value of the header field `name`, compared case-insensitively, or `nil`.
    ///
    /// - Parameter name: The field name.
    /// - Returns: Its value.
    public func header(_ name: String) -> String? {
        headerFields.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Whether the request revalidates a stored response: it carries `If-None-Match` or
    /// `If-Modified-Since`, as the provider's `HTTPCache` sends them (a request the cache
    /// answered never reaches the network, so ``StubNetwork/requests`` does not list it).
    ///
    /// ```swift
    /// #expect(network.requests.map(\.isRevalidation) == [false, true])
    /// ```
    public var isRevalidation: Bool {
        header("If-None-Match") != nil || header("If-Modified-Since") != nil
    }

    /// The body as JSON, or `nil` when there is none or it is not JSON.
    public var json: JSONValue? {
        guard let body, !body.isEmpty else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: body)
    }

    /// The fields of an `application/x-www-form-urlencoded` body, in order, decoded; empty for
    /// any other body.
    public var formFields: [(name: String, value: String)] {
        guard let body, header("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
        else { return [] }
        return FormFields.decode(String(decoding: body, as: UTF8.self))
    }

    /// The parts of a `multipart/form-data` body, in order; empty for any other body, or one
    /// that does not parse.
    public var parts: [RecordedPart] {
        guard let body, let contentType = header("Content-Type"),
              let boundary = MultipartBody.boundary(inContentType: contentType) else { return [] }
        return MultipartBody.parts(of: body, boundary: boundary)
    }

    /// The request as a `URLRequest`, for the redaction to learn its secrets from.
    var urlRequest: URLRequest {
        var request = head
        request.httpBody = body   // a file body is not in the head
        return request
    }

    /// The method and path, `POST /gists`: how messages name the request.
    public var summary: String {
        "\(method.rawValue) \(path)"
    }

    /// Whether this is the request `target` makes: the same method, path and query items (as
    /// ``StubNetwork/expect(_:times:fileID:line:)`` compares them for a target).
    ///
    /// - Parameter target: The target.
    /// - Returns: `true` when they agree.
    public func matches(_ target: some TargetType) -> Bool {
        guard let conditions = try? TargetConditions.conditions(for: target) else { return false }
        return conditions.allSatisfy { $0.isMet(by: self) }
    }
}
