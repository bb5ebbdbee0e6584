import Foundation
import Testing
@testable import Quiver

/// The per-type answers that spare the provider a dynamic cast per opt-in and request: kept by
/// dynamic type, so a subclass that adopts an opt-in its base class does not is still heard.
@Suite struct TargetAdoptionsTests {
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
        #expect(TargetAdoptions.of(Base()).isEmpty)
        #expect(TargetAdoptions.of(Slow()) == [.minimumDuration, .encoder])
        // Asked again, from the kept answers.
        #expect(TargetAdoptions.of(Base()).isEmpty)
        #expect(TargetAdoptions.of(Slow() as Base) == [.minimumDuration, .encoder])
        #expect(TargetAdoptions.of(MultiTarget(Slow()).unwrapped) == [.minimumDuration, .encoder])
    }

    /// Asked in turn and at once from many tasks, as a provider's requests for two target types
    /// do: the last answer kept for speed is never another type's.
    @Test func typesAskedInTurnFromManyTasksEachGetTheirOwnAnswer() async {
        let wrong = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for index in 0..<2_000 {
                        let slow = (index + task) % 2 == 0
                        let adoptions = slow ? TargetAdoptions.of(Slow()) : TargetAdoptions.of(Base())
                        if adoptions != (slow ? [.minimumDuration, .encoder] : []) { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }

    final class Quiet: Base, NetworkLoggable, AccessTokenAuthorizable, @unchecked Sendable {
        // @unchecked: as Base, no stored state.
        var isNetworkLoggingEnabled: Bool { false }
        var authorizationType: AuthorizationType? { .bearer }
    }

    @Test func theLoggerAndTheTokenPluginHearASubclassOptInAfterItsBase() async throws {
        #expect(TargetAdoptions.of(Quiet()) == [.networkLoggable, .accessTokenAuthorizable])
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

    /// The token plugins read a target's authorization type through its kept type: each type's
    /// own answer, `nil` when it opts out, and none for a type that does not adopt it.
    @Test func theAuthorizationTypeIsReadThroughEachTargetsOwnType() throws {
        #expect(TargetAdoptions.accessTokenAuthorizableType(of: Base()) == nil)
        let quiet = try #require(TargetAdoptions.accessTokenAuthorizableType(of: Quiet()))
        let basic = try #require(TargetAdoptions.accessTokenAuthorizableType(of: Basic() as Base))
        let opted = try #require(TargetAdoptions.accessTokenAuthorizableType(of: Opted()))
        #expect(quiet.authorizationType(of: Quiet())?.scheme == "Bearer")
        #expect(basic.authorizationType(of: Basic())?.scheme == "Basic")
        #expect(opted.authorizationType(of: Opted()) == nil)
        // Handed a target of another type, the type still answers for that target.
        #expect(quiet.authorizationType(of: Basic())?.scheme == "Basic")
        #expect(basic.authorizationType(of: Base()) == nil)
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
