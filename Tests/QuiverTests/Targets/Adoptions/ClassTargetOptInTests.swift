import Foundation
import Testing
@testable import Quiver

/// A class target's opt-ins are its dynamic type's: a subclass that adopts an opt-in its base
/// class does not is heard, also when handed over as its base class or wrapped in a MultiTarget.
@Suite struct ClassTargetOptInTests {
    class Base: TargetType, @unchecked Sendable {
        // @unchecked: no stored state; the class exists only for its dynamic type.
        var baseURL: URL { exampleBase }
        var path: String { "base" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
        var sampleData: Data { Data("{}".utf8) }
    }

    final class Slow: Base, MinimumDurationProviding, EncoderProviding, @unchecked Sendable {
        // @unchecked: as Base, no stored state.
        var minimumDuration: TimeInterval { 0.3 }
        var encoder: JSONEncoder {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return encoder
        }
    }

    @Test func eachDynamicTypeIsAnsweredForItself() {
        let provider = Provider<Base>(stubClosure: Provider.immediatelyStub)
        #expect(provider.encoder(for: Base()) == nil)
        #expect(provider.encoder(for: Slow())?.outputFormatting == .sortedKeys)
        #expect(provider.encoder(for: Base()) == nil)
        #expect(provider.encoder(for: Slow() as Base)?.outputFormatting == .sortedKeys)
        #expect(provider.encoder(for: MultiTarget(Slow()).unwrapped)?.outputFormatting == .sortedKeys)
        #expect(provider.minimumDuration(for: Base()) == nil)
        #expect(provider.minimumDuration(for: Slow() as Base) == 0.3)
    }

    final class Quiet: Base, NetworkLoggable, AccessTokenAuthorizable, @unchecked Sendable {
        // @unchecked: as Base, no stored state.
        var isNetworkLoggingEnabled: Bool { false }
        var authorizationType: AuthorizationType? { .bearer }
    }

    @Test func theLoggerAndTheTokenPluginHearASubclassOptInAfterItsBase() async throws {
        let lines = Locked([String]())
        let logger = NetworkLoggerPlugin(configuration: .init(output: { _, new in lines.withLock { $0 += new } }))
        let provider = Provider<Base>(stubClosure: Provider.immediatelyStub,
                                      plugins: [AccessTokenPlugin { _ in "t0ken" }, logger])
        let plain = try await provider.response(for: Base())
        #expect(plain.request?.value(forHTTPHeaderField: "Authorization") == nil)
        let logged = lines.withLock { $0.count }
        #expect(logged > 0)
        let quiet = try await provider.response(for: Quiet())
        #expect(quiet.request?.value(forHTTPHeaderField: "Authorization") == "Bearer t0ken")
        #expect(lines.withLock { $0.count } == logged)
    }

    @Test func aSubclassOptInIsHonouredAfterItsBaseClassWasAsked() async throws {
        let provider = Provider<Base>(stubClosure: Provider.immediatelyStub)
        _ = try await provider.response(for: Base())
        let start = Date()
        _ = try await provider.response(for: Slow())
        #expect(Date().timeIntervalSince(start) >= 0.28)
        #expect(provider.encoder(for: Slow())?.outputFormatting == .sortedKeys)
        #expect(provider.encoder(for: Base()) == nil)
    }

    final class Basic: Base, AccessTokenAuthorizable, @unchecked Sendable {
        // @unchecked: as Base, no stored state.
        var authorizationType: AuthorizationType? { .basic }
    }

    final class Opted: Base, AccessTokenAuthorizable, @unchecked Sendable {
        // @unchecked: as Base, no stored state.
        var authorizationType: AuthorizationType? { nil }
    }

    @Test func eachTokenPluginAuthorizesEachTypeAsItAsks() async throws {
        let credential = AuthenticationCredential(accessToken: "t0ken", expiresAt: Date().addingTimeInterval(3_600))
        for plugin: any PluginType in [AccessTokenPlugin { _ in "t0ken" },
                                      AuthenticationPlugin(credential: credential) { _ in credential }] {
            let provider = Provider<Base>(stubClosure: Provider.immediatelyStub, plugins: [plugin])
            for _ in 0..<2 {
                let basic = try await provider.response(for: Basic())
                #expect(basic.request?.value(forHTTPHeaderField: "Authorization") == "Basic t0ken")
                let quiet = try await provider.response(for: Quiet())
                #expect(quiet.request?.value(forHTTPHeaderField: "Authorization") == "Bearer t0ken")
                let opted = try await provider.response(for: Opted())
                #expect(opted.request?.value(forHTTPHeaderField: "Authorization") == nil)
            }
        }
    }
}
