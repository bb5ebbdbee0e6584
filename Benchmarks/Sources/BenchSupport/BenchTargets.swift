import Foundation
import Quiver

/// The small JSON body every stubbed and live benchmark answers with (nginx serves the same
/// bytes as `user.json`), and the model it decodes into.
public enum SmallBody {
    /// About 200 bytes: a handful of scalars, a nested object and an array, like a typical
    /// REST resource.
    public static let data = Data("""
        {"id":42,"login":"octocat","name":"The Octocat","admin":false,"score":97.5,\
        "email":"octocat@example.com","created":"2026-11-22T15:00:00Z",\
        "address":{"city":"San Francisco","zip":"94107"},"tags":["swift","http","rest"]}
        """.utf8)

    /// ``data`` decoded, for targets that send it as a body.
    public static let user: User = {
        do {
            return try JSONDecoder().decode(User.self, from: data)
        } catch {
            fatalError("SmallBody.data does not decode into User: \(error)")
        }
    }()
}

/// The model ``SmallBody`` decodes into.
public struct User: Codable, Sendable {
    public struct Address: Codable, Sendable {
        public let city: String
        public let zip: String
    }

    public let id: Int
    public let login: String
    public let name: String
    public let admin: Bool
    public let score: Double
    public let email: String
    public let created: String
    public let address: Address
    public let tags: [String]
}

/// The endpoints the benchmarks request. `baseURL` is fixed for the stubbed benchmarks (no
/// socket is opened); the live benchmark points ``BenchAPI/user`` at nginx through
/// ``LiveUser``.
public enum BenchAPI: TargetType {
    /// `GET /users/42`: no query, no body.
    case user
    /// `GET /search?…` with a nested ``Parameters`` query.
    case search
    /// `POST /users` with a JSON body.
    case create(User)

    public var baseURL: URL { URL(string: "https://api.example.com/v1")! }

    public var path: String {
        switch self {
        case .user: "users/42"
        case .search: "search"
        case .create: "users"
        }
    }

    public var method: HTTPMethod {
        switch self {
        case .user, .search: .get
        case .create: .post
        }
    }

    public var task: HTTPTask {
        switch self {
        case .user: .plain
        case .search: .query(Payloads.searchQuery)
        case .create(let user): .json(user)
        }
    }

    public var headers: [String: String]? { ["Accept": "application/json"] }

    public var sampleData: Data { SmallBody.data }
}

/// `GET /users/42` as a one-struct-per-endpoint target with a paired ``DecodableMapping``.
public struct GetUser: TargetType, DecodableMapping {
    public typealias Success = User

    public init() {}

    public var baseURL: URL { URL(string: "https://api.example.com/v1")! }
    public var path: String { "users/42" }
    public var method: HTTPMethod { .get }
    public var task: HTTPTask { .plain }
    public var headers: [String: String]? { ["Accept": "application/json"] }
    public var sampleData: Data { SmallBody.data }
}

/// `GET <base>/user.json` on the local nginx, for the live benchmark.
public struct LiveUser: TargetType {
    public let baseURL: URL

    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    public var path: String { "user.json" }
    public var method: HTTPMethod { .get }
    public var task: HTTPTask { .plain }
}
