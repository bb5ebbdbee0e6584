import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Quiver

/// A plugin that sets the request's timeout in `prepare`, the way a user's plugin would.
struct TimeoutPlugin: PluginType {
    /// The timeout it sets, in seconds.
    let seconds: TimeInterval

    init(_ seconds: TimeInterval) {
        self.seconds = seconds
    }

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        request.timeoutInterval = seconds
        return request
    }
}
