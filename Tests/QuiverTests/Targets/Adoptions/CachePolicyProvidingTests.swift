import Foundation
import Testing
@testable import Quiver

/// Issue 14, item 3: a target's cache policy reaches the request; others keep the default.
@Suite struct CachePolicyProvidingTests {
    struct Avatar: TargetType, CachePolicyProviding {
        var baseURL: URL { exampleBase }
        var path: String { "avatar" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
        var cachePolicy: URLRequest.CachePolicy { .returnCacheDataElseLoad }
    }

    @Test func aTargetsCachePolicyIsTheRequests() async throws {
        let sent = try await Provider<Avatar>(transport: RecordingTransport()).response(for: Avatar())
        #expect(sent.request?.cachePolicy == .returnCacheDataElseLoad)
        let multi = try await Provider<MultiTarget>(transport: RecordingTransport()).response(for: MultiTarget(Avatar()))
        #expect(multi.request?.cachePolicy == .returnCacheDataElseLoad)
        let plain = try await Provider<GenericTarget>(transport: RecordingTransport()).response(for: GenericTarget(baseURL: exampleBase))
        #expect(plain.request?.cachePolicy == .useProtocolCachePolicy)
    }

    @Test func theDefaultTransportHasNoCache() {
        let configuration = URLSessionTransport.defaultConfiguration
        #expect(configuration.urlCache == nil)
        #expect(configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
        #expect(URLSessionTransport().session.configuration.urlCache == nil)
    }
}
