import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Scheme, host and port of a URL: the unit credentials are scoped to.
///
/// The one rule for every place that keeps a credential with its origin: redirects
/// (``RedirectRules``), the challenges ``CredentialsPlugin`` answers and the `401`s
/// ``AuthenticationPlugin`` refreshes for.
struct Origin: Hashable, Sendable {
    let scheme: String
    let host: String
    let port: Int?

    /// The origin of `url`: scheme and host in lowercase, the port the scheme's default when
    /// `url` names none.
    init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? Self.defaultPort(for: scheme)
    }

    /// Whether `response` came from the origin `request` was sent to (a response without a URL
    /// counts as that origin's). One that followed a redirect to another origin did not: that
    /// origin never received the request's credentials, so its `401` says nothing about them.
    static func answered(_ response: Response, fromOriginOf request: URLRequest) -> Bool {
        guard let sent = request.url else { return false }
        guard let answered = response.responseURL else { return true }
        return Origin(sent) == Origin(answered)
    }

    private static func defaultPort(for scheme: String) -> Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}
