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

/// Sends the requests aimed at your API to its current ``APIEnvironment`` (CodyFire's dev /
/// stage / prod), switchable at run time from any thread.
///
/// **The rule.** The plugin knows the environments it switches between: the ones it is created
/// with and every one it is switched to. A request whose target's `baseURL` **is** one of their
/// base URLs (a trailing `/` aside) is moved to the current environment: that base URL is
/// replaced by the current one, and the path, the query and everything the plugins before it
/// did are kept. A target with any other base URL — another server, or the same host with a
/// path prefix of its own (`https://staging.example.com/v1` when the environment is
/// `https://staging.example.com`) — is sent where it says, untouched. Requests already sent are
/// not affected by a switch; every request prepared after it is.
///
/// ```swift
/// let environments = EnvironmentPlugin(current: prod, among: [dev, staging, prod])
/// let provider = Provider<API>(plugins: [environments])   // API's baseURL is prod's
/// environments.switch(to: staging)                          // API's requests now go to staging
/// ```
///
/// A target whose base URL is a placeholder that can never resolve (a host under `.invalid`,
/// such as `https://api.app.invalid`) and none of the environments is refused with
/// ``QuiverError/invalidRequest(_:)`` naming the plugin and its environments, and nothing is
/// sent: list the placeholder among the environments, or give the target one of their base URLs.
///
/// Put it first among the plugins, so that the others see the final URL.
public final class EnvironmentPlugin: PluginType {
    private struct State {
        var current: APIEnvironment
        /// Every environment known, each base URL as text without a trailing `/`.
        var known: [(environment: APIEnvironment, prefix: String)]

        mutating func learn(_ environment: APIEnvironment) {
            guard !known.contains(where: { $0.environment == environment }) else { return }
            known.append((environment, EnvironmentPlugin.prefix(of: environment.baseURL)))
        }
    }

    private let state: Locked<State>

    /// Removed: the plugin moves only the targets whose base URL is one of its environments.
    @available(*, unavailable, renamed: "init(current:among:)",
               message: "list every environment your targets' base URLs name: EnvironmentPlugin(current: prod, among: [dev, staging, prod])")
    public convenience init(_ environment: APIEnvironment) {
        self.init(current: environment, among: [])
    }

    /// Creates the plugin for the environments your API has.
    ///
    /// - Parameters:
    ///   - current: The environment to start with.
    ///   - environments: Every environment a target's base URL may name (`current` is added if
    ///     missing). A request under any of them is moved to the current one; others are not.
    public init(current: APIEnvironment, among environments: [APIEnvironment]) {
        var state = State(current: current, known: [])
        for environment in environments + [current] {
            state.learn(environment)
        }
        self.state = Locked(state)
    }

    /// The environment requests go to now.
    public var environment: APIEnvironment {
        state.withLock { $0.current }
    }

    /// The environments this plugin moves requests between: those it was created with and every
    /// one it was switched to.
    public var environments: [APIEnvironment] {
        state.withLock { $0.known.map(\.environment) }
    }

    /// Sends every request aimed at a known environment, prepared from now on, to `environment`.
    ///
    /// - Parameter environment: The new environment; it becomes a known one.
    public func `switch`(to environment: APIEnvironment) {
        state.withLock { state in
            state.learn(environment)
            state.current = environment
        }
    }

    /// Moves the request to the current environment when its target's base URL is a known one.
    ///
    /// - Throws: ``QuiverError/invalidRequest(_:)`` when the rewritten URL is not valid, or when
    ///   the target's base URL is a placeholder (`.invalid`) that no environment names.
    public func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
        guard let url = request.url else { return request }
        let base = Self.prefix(of: target.baseURL)
        let (current, known) = state.withLock { state in
            (state.current, state.known.contains { $0.prefix == base })
        }
        guard known else {
            if target.baseURL.host?.lowercased().hasSuffix(".invalid") == true {
                let names = environments.map { "\($0.name) \(Self.prefix(of: $0.baseURL))" }
                throw QuiverError.invalidRequest("""
                    \(request.httpMethod ?? "GET") \(url.absoluteString): EnvironmentPlugin moves only targets whose \
                    base URL is one of its environments (\(names.joined(separator: ", "))), and \(base) is a \
                    placeholder that can never be reached; list it with EnvironmentPlugin(current:among:) \
                    or give the target one of those base URLs
                    """)
            }
            return request
        }
        let text = url.absoluteString
        let destination = Self.prefix(of: current.baseURL)
        // An endpoint closure may have sent the request elsewhere: only a URL still under the
        // target's base URL is moved.
        guard destination != base, Self.isURL(text, under: base) else { return request }
        guard let rewritten = URL(string: destination + text.dropFirst(base.count)) else {
            throw QuiverError.invalidRequest("\(request.httpMethod ?? "GET") \(text): the environment \(current.name) makes an invalid URL")
        }
        request.url = rewritten
        return request
    }

    /// A base URL as text, without a trailing `/` or a query.
    private static func prefix(of baseURL: URL) -> String {
        let base = baseURL.absoluteString
        let head = base.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? base
        return head.trimmingSuffix("/")
    }

    /// Whether `url` starts with `prefix` at a segment boundary.
    private static func isURL(_ url: String, under prefix: String) -> Bool {
        guard url.hasPrefix(prefix) else { return false }
        let rest = url.utf8.dropFirst(prefix.utf8.count)
        guard let next = rest.first else { return true }
        return next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#")
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
