import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A target's opt-ins work the same when it travels inside a ``MultiTarget``: the provider and
/// its plugins read them from the wrapped target.
@Suite struct MultiTargetAdoptionsTests {
    private struct Account: TargetType, AccessTokenAuthorizable, CachePolicyProviding, RetryPolicyProviding,
                            DecoderProviding {
        let authorizationType: AuthorizationType?
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "account" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
        var cachePolicy: URLRequest.CachePolicy { .returnCacheDataElseLoad }
        var retryPolicy: RetryPolicy { RetryPolicy(maximumAttempts: 2, baseDelay: 0) }
        var decoder: JSONDecoder {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return decoder
        }
    }

    private struct Profile: Decodable { let displayName: String }

    @Test func authorizationCachePolicyRetryPolicyAndDecoderComeFromTheWrappedTarget() async throws {
        let transport = ScriptedTransport { _, attempt in
            attempt == 1 ? (503, [:], Data()) : (200, [:], Data(#"{"display_name":"Ada"}"#.utf8))
        }
        let provider = Provider<MultiTarget>(transport: transport, plugins: [AccessTokenPlugin { _ in "t0ken" }])
        let profile = try await provider.decode(Profile.self, from: MultiTarget(Account(authorizationType: .bearer)))
        #expect(profile.displayName == "Ada")
        #expect(transport.requests.count == 2)
        #expect(transport.authorizations == ["Bearer t0ken", "Bearer t0ken"])
        #expect(transport.requests.first?.head.cachePolicy == .returnCacheDataElseLoad)
    }

    @Test func aWrappedTargetThatOptsOutOfAuthorizationGetsNoHeader() async throws {
        let transport = ScriptedTransport { _, _ in (200, [:], Data()) }
        let provider = Provider<MultiTarget>(transport: transport, plugins: [AccessTokenPlugin { _ in "t0ken" }])
        _ = try await provider.response(for: MultiTarget(Account(authorizationType: nil)))
        #expect(transport.authorizations == [nil])
    }
}
