import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// What a provider asks its targets for is found once from the target type: only what the
/// type adopts, and everything for a type whose values may adopt more (a MultiTarget's wrapped
/// targets, a class's subclasses).
@Suite struct TargetAdoptionsTests {
    private struct Plain: TargetType {
        var baseURL: URL { exampleBase }
        var path: String { "plain" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
    }

    private struct Cached: TargetType, CachePolicyProviding, MinimumDurationProviding {
        var baseURL: URL { exampleBase }
        var path: String { "cached" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
        var cachePolicy: URLRequest.CachePolicy { .returnCacheDataElseLoad }
        var minimumDuration: TimeInterval { 0 }
    }

    private final class Shared: TargetType, Sendable {
        var baseURL: URL { exampleBase }
        var path: String { "shared" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
    }

    private static func flags(_ adoptions: TargetAdoptions) -> [Bool] {
        [adoptions.cachePolicy, adoptions.bodySizeLimits, adoptions.encoder, adoptions.decoder,
         adoptions.minimumDuration, adoptions.retryPolicy]
    }

    @Test func aTypeThatAdoptsNothingIsAskedNothing() {
        #expect(Self.flags(TargetAdoptions(of: Plain.self)) == [false, false, false, false, false, false])
    }

    @Test func aTypeIsAskedForWhatItAdopts() {
        #expect(Self.flags(TargetAdoptions(of: Cached.self)) == [true, false, false, false, true, false])
    }

    @Test func aMultiTargetAndAClassAreAskedForEverything() {
        #expect(Self.flags(TargetAdoptions(of: MultiTarget.self)) == [true, true, true, true, true, true])
        #expect(Self.flags(TargetAdoptions(of: Shared.self)) == [true, true, true, true, true, true])
    }

    @Test func aProviderOfAPlainTypeUsesItsOwnSettings() async throws {
        let limits = BodySizeLimits(memory: 10, file: nil)
        let provider = Provider<Plain>(stubClosure: Provider.immediatelyStub, bodySizeLimits: limits)
        #expect(provider.bodySizeLimits(for: Plain()) == limits)
        #expect(provider.minimumDuration(for: Plain()) == nil)
        #expect(provider.encoder(for: Plain()) == nil)
    }
}
