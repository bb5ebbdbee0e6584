import Foundation
import Quiver

/// The upstream API the gateway calls: Quiver's fault server, whose `/echo` describes the
/// request it received and `/delay` answers late.
public struct Upstream: TargetType, AccessTokenAuthorizable {
    /// The upstream's endpoints the gateway uses.
    public enum Route: Sendable {
        /// A pet, by its identifier.
        case pet(id: String)
        /// An answer `seconds` late.
        case slow(seconds: Double)
        /// The upstream's sign-in, whose answer sets several cookies.
        case signIn
    }

    /// The upstream's base URL.
    public let baseURL: URL
    /// The endpoint.
    public let route: Route

    /// Creates a call of `route` on the upstream at `baseURL`.
    public init(baseURL: URL, route: Route) {
        self.baseURL = baseURL
        self.route = route
    }

    /// The endpoint's path; a pet's identifier is one escaped segment.
    public var path: String {
        switch route {
        case .pet(let id): "echo/pets/\(segment: id)"
        case .slow: "delay"
        case .signIn: "login-cookies"
        }
    }

    /// Every endpoint is a `GET`.
    public var method: HTTPMethod { .get }

    /// The slow endpoint's delay, as a query.
    public var task: HTTPTask {
        switch route {
        case .pet: .plain
        case .slow(let seconds): .query(["seconds": .double(seconds)])
        case .signIn: .plain
        }
    }

    /// Every upstream call carries the service's token.
    public var authorizationType: AuthorizationType? { .bearer }

    /// A call waits at most this long, retries included in each attempt's own.
    public var timeout: TimeInterval? { 10 }
}

/// What the upstream's `/echo` says of a request: the part the gateway reads.
struct Echo: Decodable, Sendable {
    let path: String
    let headers: [String: String]
}
