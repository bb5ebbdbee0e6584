import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where an API lives: development, staging, production.
public struct APIEnvironment: Sendable, Hashable {
    /// A name for logs and settings screens, such as `"staging"`.
    public var name: String
    /// The base URL that replaces each target's: scheme, host, port and path prefix (no query).
    public var baseURL: URL

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - name: A name, such as `"staging"`.
    ///   - baseURL: The base URL, such as `https://staging.example.com/v2`.
    public init(name: String, baseURL: URL) {
        self.name = name
        self.baseURL = baseURL
    }
}

/// Sends every request to the current ``APIEnvironment``, switchable at run time from any
/// thread (CodyFire's dev / stage / prod).
///
/// Each request's URL has its target's `baseURL` replaced by the environment's, keeping the
/// path, query and everything the plugins before it did. Requests already sent are not affected
/// by a switch; every request prepared after it is.
///
/// ```swift
/// let environments = EnvironmentPlugin(.init(name: "prod", baseURL: prod))
/// let provider = Provider<API>(plugins: [environments])
/// environments.switch(to: .init(name: "staging", baseURL: staging))
/// ```
public final class EnvironmentPlugin: PluginType {
    private let current: Locked<APIEnvironment>

    /// Creates the plugin.
    ///
    /// - Parameter environment: The environment to start with.
    public init(_ environment: APIEnvironment) {
        current = Locked(environment)
    }

    /// The environment requests go to now.
    public var environment: APIEnvironment {
        current.withLock { $0 }
    }

    /// Sends every request prepared from now on to `environment`.
    ///
    /// - Parameter environment: The new environment.
    public func `switch`(to environment: APIEnvironment) {
        current.withLock { $0 = environment }
    }

    /// Rewrites the request's URL to the current environment.
    ///
    /// - Throws: ``QuiverError/invalidRequest(_:)`` when the rewritten URL is not valid.
    public func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
        guard let url = request.url else { return request }
        let base = target.baseURL.absoluteString
        let text = url.absoluteString
        let environmentBase = environment.baseURL.absoluteString
        // The target's base URL, less any query of its own, is the prefix to swap.
        let prefix = base.split(separator: "?", maxSplits: 1).first.map(String.init) ?? base
        guard text.hasPrefix(prefix) else { return request }
        let rest = text.dropFirst(prefix.count)
        let separator = rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix("?") ? "" : "/"
        let joined = environmentBase.trimmingSuffix("/") + separator + rest
        guard let rewritten = URL(string: joined) else {
            throw QuiverError.invalidRequest("\(request.httpMethod ?? "GET") \(text): the environment \(environment.name) makes an invalid URL")
        }
        request.url = rewritten
        return request
    }
}

extension String {
    /// The string without trailing `character`s.
    func trimmingSuffix(_ character: Character) -> String {
        var text = self
        while text.last == character {
            text.removeLast()
        }
        return text
    }
}
