import Foundation
import Quiver

/// The example's one endpoint. Its programs stub it (`Provider.immediatelyStub`), so that they
/// answer from `sampleData` and need no network.
public enum Greeting: TargetType {
    case hello

    public var baseURL: URL { URL(string: "https://greetings.example.com")! }
    public var path: String { "hello" }
    public var method: HTTPMethod { .get }
    public var task: HTTPTask { .plain }
    public var sampleData: Data { Data("Hello, world!".utf8) }
}
