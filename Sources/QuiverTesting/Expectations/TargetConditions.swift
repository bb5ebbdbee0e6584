import Foundation
import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a target's request must be to count as the target's: its method, its path, its query
/// items and its body, as Quiver builds them (before plugins, which add headers).
enum TargetConditions {
    /// The conditions for `target`'s request.
    ///
    /// - Throws: ``QuiverError`` when the target cannot make a request (a bad path, a body that
    ///   does not encode), as a provider would fail it.
    static func conditions<Target: TargetType>(for target: Target) throws -> [RequestCondition] {
        let request = try Provider<Target>.defaultEndpointMapping(for: target).urlRequest()
        let url = request.url ?? target.baseURL
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var conditions: [RequestCondition] = [
            .method(HTTPMethod(rawValue: request.httpMethod ?? "GET")),
            .path(PathPattern.literal(components?.percentEncodedPath ?? url.path)),
        ]
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] {
            query[item.name] = item.value ?? ""
        }
        if !query.isEmpty {
            conditions.append(.query(query))
        }
        if let body = request.httpBody, !body.isEmpty {
            conditions.append(.body(body, contentType: request.value(forHTTPHeaderField: "Content-Type")))
        }
        return conditions
    }
}
