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

    /// `next` as ``request(following:from:)`` makes it, with the cookies of the redirect
    /// `response` stored in `cookies` and its `Cookie` header set from them
    /// (``CookieJar/follow(_:with:own:)``, which keeps `own` up to date). The exchanges call it
    /// holding their own lock: the jar takes only its own, and never calls back.
    static func request(following next: URLRequest, from original: URLRequest, after response: HTTPURLResponse,
                        cookies: CookieJar?, own: inout String??) -> URLRequest {
        var following = request(following: next, from: original)
        cookies?.follow(response, with: &following, own: &own)
        return following
    }

    /// The request that repeats `original` (method and body) at the `Location` of a
    /// `307`/`308` `response`, or `nil` when the response does not say where to go.
    static func repeating(_ original: URLRequest, after response: Response) -> URLRequest? {
        guard RedirectRules.keepsMethodAndBody(statusCode: response.statusCode),
              let location = response.value(forHTTPHeaderField: "Location"),
              let base = response.responseURL ?? original.url,
              let target = RedirectRules.destination(ofLocation: location, from: base)
        else { return nil }
        var next = original
        next.url = target
        return request(following: next, from: original)
    }
}
