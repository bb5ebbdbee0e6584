import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension BuiltRequest {
    /// Takes the request `requestClosure` makes from `endpoint` instead of the built one, keeping
    /// the streamed body and the download destination. Its URL is checked, as every request's,
    /// once the plugins are done.
    ///
    /// - Throws: What the closure throws, as ``QuiverError/init(pluginError:)`` wraps it.
    mutating func replaceRequest(using requestClosure: @Sendable (Endpoint) async throws -> URLRequest,
                                 for endpoint: Endpoint) async throws(QuiverError) {
        let replacement: URLRequest
        do {
            replacement = try await requestClosure(endpoint)
        } catch {
            throw QuiverError(pluginError: error)
        }
        urlRequest = replacement
    }
}
