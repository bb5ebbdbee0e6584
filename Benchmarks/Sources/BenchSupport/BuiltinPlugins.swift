import Foundation
import Quiver

/// The plugins users actually install, in their default configurations, for the benchmarks
/// that measure what users run: an access token (1, 40 or 200 characters: a JWT is about 200),
/// fixed headers, the logger with its output discarded, and a credential that needs no refresh.
public enum BuiltinPlugins {
    /// A token of `length` characters, as a JWT would look (three base64url segments).
    public static func token(length: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var text = ""
        for index in 0..<length {
            text.append(index > 0 && index % 67 == 0 ? "." : alphabet[(index * 31 + 7) % alphabet.count])
        }
        return text
    }

    /// `AccessTokenPlugin` answering `token` for every target.
    public static func accessToken(_ token: String) -> AccessTokenPlugin {
        AccessTokenPlugin { _ in token }
    }

    /// `HeadersPlugin` with a user agent and an app version, as apps set them.
    public static let headers = HeadersPlugin(["User-Agent": "QuiverBench/1.0", "X-App-Version": "1.2.3"])

    /// `NetworkLoggerPlugin` with its default options and level, its output thrown away.
    public static let logger = NetworkLoggerPlugin(configuration: .init(output: { _, lines in blackHoleLines(lines) }))

    /// `AuthenticationPlugin` with a credential valid for a day: it never refreshes.
    public static func authentication(_ token: String) -> AuthenticationPlugin {
        let credential = AuthenticationCredential(accessToken: token, expiresAt: Date().addingTimeInterval(86_400))
        return AuthenticationPlugin(credential: credential) { _ in credential }
    }

    /// The three plugins by name, as `QuiverLive --scale-plugins` takes them, in the order
    /// ``usual(tokenLength:)`` installs them.
    public static let names = ["token", "headers", "logger"]

    /// The plugins `names` lists (some of ``names``), in the order of ``names``.
    public static func named(_ names: [String], tokenLength: Int) -> [any PluginType] {
        var plugins: [any PluginType] = []
        if names.contains("token") { plugins.append(accessToken(token(length: tokenLength))) }
        if names.contains("headers") { plugins.append(headers) }
        if names.contains("logger") { plugins.append(logger) }
        return plugins
    }

    /// Token + headers + logger: what most apps install.
    public static func usual(tokenLength: Int) -> [any PluginType] {
        named(names, tokenLength: tokenLength)
    }

    @inline(never)
    static func blackHoleLines(_ lines: [String]) {
        if lines.count == Int.min { print(lines) }
    }
}

/// ``BenchAPI/user`` for providers whose plugins authorize it: the same request, with
/// `Authorization: Bearer …` from ``AccessTokenPlugin``.
public struct AuthorizedUser: TargetType, AccessTokenAuthorizable {
    public init() {}
    public var baseURL: URL { URL(string: "https://api.example.com/v1")! }
    public var path: String { "users/42" }
    public var method: HTTPMethod { .get }
    public var task: HTTPTask { .plain }
    public var headers: [String: String]? { ["Accept": "application/json"] }
    public var sampleData: Data { SmallBody.data }
    public var authorizationType: AuthorizationType? { .bearer }
}

/// ``LiveUser`` for providers whose plugins authorize it.
public struct AuthorizedLiveUser: TargetType, AccessTokenAuthorizable {
    public let baseURL: URL
    /// A number that makes the URL one of its own (`?n=…`), or `nil`.
    public let number: Int?
    public init(baseURL: URL, number: Int? = nil) {
        self.baseURL = baseURL
        self.number = number
    }
    public var path: String { "user.json" }
    public var method: HTTPMethod { .get }
    public var task: HTTPTask { number.map { .query(["n": "\($0)"]) } ?? .plain }
    public var authorizationType: AuthorizationType? { .bearer }
}
