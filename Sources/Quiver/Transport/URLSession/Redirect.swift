import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How ``URLSessionTransport`` follows redirects: credentials stay with their origin.
enum Redirect {
    /// Header fields that carry credentials and must not leave their origin.
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// Whether a redirect with this status repeats the method and body (`307`, `308`).
    static func keepsMethodAndBody(_ statusCode: Int) -> Bool {
        statusCode == 307 || statusCode == 308
    }

    /// `next` without credential headers when it leaves the origin of `original`.
    static func request(following next: URLRequest, from original: URLRequest) -> URLRequest {
        guard let from = original.url, let to = next.url, Origin(from) != Origin(to) else {
            return next
        }
        var next = next
        for name in credentialHeaders {
            next.setValue(nil, forHTTPHeaderField: name)
        }
        return next
    }

    /// The request that repeats `original` (method and body) at the `Location` of a
    /// `307`/`308` `response`, or `nil` when the response does not say where to go.
    static func repeating(_ original: URLRequest, after response: Response) -> URLRequest? {
        guard keepsMethodAndBody(response.statusCode),
              let location = response.value(forHTTPHeaderField: "Location"),
              let base = response.response?.url ?? original.url,
              let target = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        var next = original
        next.url = target
        return request(following: next, from: original)
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
        port = url.port ?? Self.defaultPort(for: scheme)
    }

    private static func defaultPort(for scheme: String) -> Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}
