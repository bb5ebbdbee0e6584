import Foundation
@testable import Quiver

/// httpbin's endpoints, described as users describe an API: one enum case per endpoint.
enum HTTPBin: TargetType {
    /// `GET /get`, carrying `task` (a query, or nothing).
    case get(HTTPTask)
    /// `POST /post`, carrying `task`.
    case post(HTTPTask)
    /// `/anything` with any method and task; httpbin echoes the method too.
    case anything(HTTPMethod, HTTPTask)
    /// `GET /headers` with these extra target headers.
    case headers([String: String])
    /// `HEAD /get`.
    case head
    /// `GET /status/code`, validated with `validation`.
    case status(Int, validation: ValidationType)
    /// `GET /json`: a fixed JSON document.
    case json
    /// `GET /html`: an HTML page.
    case html
    /// `GET /delay/seconds`, with an optional target timeout.
    case delay(seconds: Int, timeout: TimeInterval? = nil)
    /// `GET /basic-auth/u/p`, with an optional `Authorization` header.
    case basicAuth(authorization: String?)
    /// `GET /digest-auth/auth/u/p`, without credentials.
    case digestAuth
    /// `GET /bearer`, with an optional bearer token.
    case bearer(token: String?)

    var baseURL: URL { TestServers.httpbin ?? TestServers.unconfigured }

    var path: String {
        switch self {
        case .get, .head: "get"
        case .post: "post"
        case .anything: "anything"
        case .headers: "headers"
        case .status(let code, _): "status/\(code)"
        case .json: "json"
        case .html: "html"
        case .delay(let seconds, _): "delay/\(seconds)"
        case .basicAuth: "basic-auth/u/p"
        case .digestAuth: "digest-auth/auth/u/p"
        case .bearer: "bearer"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .post: .post
        case .anything(let method, _): method
        case .head: .head
        default: .get
        }
    }

    var task: HTTPTask {
        switch self {
        case .get(let task), .post(let task), .anything(_, let task): task
        default: .plain
        }
    }

    var headers: [String: String]? {
        switch self {
        case .headers(let headers): headers
        case .basicAuth(let authorization?): ["Authorization": authorization]
        case .bearer(let token?): ["Authorization": "Bearer \(token)"]
        default: nil
        }
    }

    var validationType: ValidationType {
        switch self {
        case .status(_, let validation): validation
        default: .successCodes
        }
    }

    var timeout: TimeInterval? {
        switch self {
        case .delay(_, let timeout): timeout
        default: nil
        }
    }
}

/// A JSON model sent to httpbin and compared with what it echoes.
struct Book: Codable, Equatable, Sendable {
    let title: String
    let pages: Int
    let tags: [String]
    let isbn: String?
}

/// httpbin's `/json` document.
struct Slideshow: Decodable, Sendable {
    struct Show: Decodable, Sendable {
        struct Slide: Decodable, Sendable {
            let title: String
            let type: String
        }
        let author: String
        let title: String
        let slides: [Slide]
    }
    let slideshow: Show
}
