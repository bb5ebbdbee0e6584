import Foundation
@testable import Quiver

/// The base URL of unit-test targets. No request to it ever leaves the process.
let exampleBase = URL(string: "https://api.example.com/v2")!

/// A small API described as an enum, as users write them.
enum ExampleAPI: TargetType {
    case user(id: Int)
    case search(query: String, page: Int)
    case create(name: String)
    case missing

    var baseURL: URL { exampleBase }

    var path: String {
        switch self {
        case .user(let id): "users/\(id)"
        case .search: "search"
        case .create: "users"
        case .missing: "missing"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .create: .post
        default: .get
        }
    }

    var task: HTTPTask {
        switch self {
        case .user, .missing: .plain
        case .search(let query, let page): .query(["q": .string(query), "page": .int(page)])
        case .create(let name): .json(["name": name])
        }
    }

    var sampleData: Data {
        switch self {
        case .user(let id): Data(#"{"id":\#(id),"name":"Ada"}"#.utf8)
        case .search: Data(#"[]"#.utf8)
        case .create(let name): Data(#"{"id":1,"name":"\#(name)"}"#.utf8)
        case .missing: Data(#"{"error":"not found"}"#.utf8)
        }
    }
}

struct User: Codable, Equatable, Sendable {
    let id: Int
    let name: String
}

/// Something that cannot be encoded: its `encode(to:)` always throws.
struct Unencodable: Encodable, Sendable {
    struct Refusal: Error {}
    func encode(to encoder: any Encoder) throws { throw Refusal() }
}

/// A plain error for plugins and stubs to throw.
struct TestError: Error, Equatable {
    let reason: String
}

extension Result {
    /// The failure, or `nil` on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
