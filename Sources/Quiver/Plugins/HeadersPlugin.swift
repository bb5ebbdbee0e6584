import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Adds header fields to every request: fixed ones, and ones computed per request (app
/// version, locale, a request id).
///
/// ```swift
/// HeadersPlugin(["User-Agent": "MyApp/1.0"]) { _ in ["X-Request-ID": UUID().uuidString] }
/// ```
///
/// A header the target (or its task's `Content-Type`) already set wins, unless the plugin is
/// made with ``Precedence/plugin``.
public struct HeadersPlugin: PluginType {
    /// Which side wins when the target and the plugin set the same header.
    public enum Precedence: Sendable {
        /// The target's header stays. The default.
        case target
        /// The plugin's header replaces the target's.
        case plugin
    }

    /// Header fields computed for each request, added after the fixed ones.
    let dynamicHeaders: (@Sendable (any TargetType) async throws -> [String: String])?
    /// Which side wins on a clash.
    let precedence: Precedence
    /// The fixed header fields, checked and spelled once rather than for every request.
    private let preparedHeaders: PreparedHeaderFields

    /// Creates the plugin.
    ///
    /// - Parameters:
    ///   - headers: Header fields added to every request.
    ///   - precedence: Which side wins on a clash. Defaults to ``Precedence/target``.
    ///   - dynamicHeaders: Header fields computed for each request; what it throws refuses the
    ///     request with ``QuiverError/plugin(_:)``.
    public init(_ headers: [String: String] = [:], precedence: Precedence = .target,
                dynamicHeaders: (@Sendable (any TargetType) async throws -> [String: String])? = nil) {
        self.preparedHeaders = PreparedHeaderFields(headers)
        self.precedence = precedence
        self.dynamicHeaders = dynamicHeaders
    }

    /// Adds the headers.
    ///
    /// - Throws: ``QuiverError/invalidRequest(_:)`` for an illegal header name or value (rather
    ///   than let Foundation drop it silently), or what `dynamicHeaders` throws.
    public func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
        if preparedHeaders.areValid {
            request.setHeaderFields(preparedHeaders, keepingExisting: precedence != .plugin)
        } else {
            try add(preparedHeaders.fields, to: &request)
        }
        if let dynamicHeaders {
            try add(try await dynamicHeaders(target), to: &request)
        }
        return request
    }

    private func add(_ fields: [String: String], to request: inout URLRequest) throws {
        guard !fields.isEmpty else { return }
        try RequestValidator.validate(fields, method: request.httpMethod ?? "GET", url: request.url?.absoluteString ?? "")
        request.setHeaderFields(fields, keepingExisting: precedence != .plugin)
    }
}
