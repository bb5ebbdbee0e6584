import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver

/// Adds an `X-Demo-Client` header to every request.
struct ClientHeaderPlugin: PluginType {
    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        request.setValue("quiver-demo", forHTTPHeaderField: "X-Demo-Client")
        return request
    }
}

/// Prints one line per request and one per outcome.
struct TourLogPlugin: PluginType {
    func willSend(_ request: URLRequest, target: any TargetType) {
        print("   → \(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "?")")
    }

    func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
        switch result {
        case .success(let response):
            print("   ← \(response.statusCode), \(response.data.count) bytes")
        case .failure(let error):
            print("   ← \(error.response.map { "\($0.statusCode), " } ?? "")failed")
        }
    }
}
