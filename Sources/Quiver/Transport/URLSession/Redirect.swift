import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How ``URLSessionTransport`` follows redirects, by ``RedirectRules``: credentials stay with
/// their origin, and a `307`/`308` is repeated with its body where `URLSession` drops it.
enum Redirect {
    /// `next` without credential headers when it leaves the origin of `original`.
    static func request(following next: URLRequest, from original: URLRequest) -> URLRequest {
        guard let from = original.url, let to = next.url, !RedirectRules.isSameOrigin(from, to) else {
            return next
        }
        var next = next
        for name in RedirectRules.credentialHeaderFields {
            next.setValue(nil, forHTTPHeaderField: name)
        }
        return next
    }

    /// The request that repeats `original` (method and body) at the `Location` of a
    /// `307`/`308` `response`, or `nil` when the response does not say where to go.
    static func repeating(_ original: URLRequest, after response: Response) -> URLRequest? {
        guard RedirectRules.keepsMethodAndBody(statusCode: response.statusCode),
              let location = response.value(forHTTPHeaderField: "Location"),
              let base = response.response?.url ?? original.url,
              let target = RedirectRules.destination(ofLocation: location, from: base)
        else { return nil }
        var next = original
        next.url = target
        return request(following: next, from: original)
    }
}
