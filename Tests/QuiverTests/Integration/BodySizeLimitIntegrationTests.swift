import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A fault-server endpoint with limits of its own on its response bodies, when set.
struct LimitedTarget: TargetType, BodySizeLimitsProviding {
    let url: URL
    var limits: BodySizeLimits = .default
    var downloadTo: URL?

    var baseURL: URL { url }
    var path: String { "" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { downloadTo.map { .download(to: .file($0)) } ?? .plain }
    var bodySizeLimits: BodySizeLimits { limits }
}

/// Bounded memory against any server: a gzip bomb and an endless body stop at the body size
/// limit, on every transport, with ``ResponseTooLarge``, and the connection is closed.
@Suite(.requiresFaultServer) struct BodySizeLimitIntegrationTests {
    private func fault(_ path: String, query: KeyValuePairs<String, String> = [:]) -> URL {
        url(TestServers.fault ?? TestServers.unconfigured, path, query: query)
    }

    /// The ``ResponseTooLarge`` that ended `outcome`, if that is what ended it.
    private func tooLarge<T>(_ outcome: Result<T, QuiverError>) -> ResponseTooLarge? {
        guard case .failure(.transport(let cause, _)) = outcome else { return nil }
        return cause as? ResponseTooLarge
    }

    /// What decoding `target`'s body as `[Int]` ends with.
    private func decoding(_ target: GenericTarget, with provider: Provider<GenericTarget>) async -> Result<[Int], QuiverError> {
        do {
            return .success(try await provider.decode([Int].self, from: target))
        } catch {
            return .failure(error)
        }
    }

    /// Whether the fault server saw the `/endless` connection of `key` close within `seconds`.
    private func serverSawClose(_ key: String, within seconds: TimeInterval = 10) async throws -> Bool {
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let status = try await provider.decode(EndlessStatus.self, from: GenericTarget(
                baseURL: fault("/endless-status", query: ["key": key])))
            if status.closed { return true }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return false
    }

    @Test func aGzipBombStopsAtTheDefaultLimitWithATypedErrorInsteadOfInflatingWhole() async throws {
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared)
        // 256 KiB inflating to 256 MiB, four times the limit. (1 GiB behaves the same, but
        // libcurl goes on inflating what it already received after the request has ended, on
        // the work queue every URLSession of the process shares: the other suites would wait.)
        let bomb = GenericTarget(baseURL: fault("/gzip-bomb", query: ["mib": "256"]))
        let start = ContinuousClock.now
        let outcome = await decoding(bomb, with: provider)
        #expect(ContinuousClock.now - start < .seconds(30))
        let error = try #require(tooLarge(outcome), "ended with \(outcome) instead of ResponseTooLarge")
        #expect(error.limit == BodySizeLimits.defaultMemoryLimit)
        #expect(error.limit == 64 << 20)
        #expect(!error.isDownload)
        #expect(error.method == .get)
        #expect(error.url.path == "/gzip-bomb")
        #expect(error.description.contains("GET ") && error.description.contains("/gzip-bomb"))
        #expect(error.description.contains("67108864 bytes (64 MiB)"))
        #expect(!error.description.contains("mib=256"))
    }

    @Test func aTargetsOwnLimitStopsAGzipBombAtThatLimit() async throws {
        let provider = Provider<LimitedTarget>(transport: TransportUnderTest.shared)
        let bomb = LimitedTarget(url: fault("/gzip-bomb", query: ["mib": "64"]), limits: BodySizeLimits(memory: 1 << 20))
        let outcome = await provider.result(for: bomb)
        #expect(tooLarge(outcome)?.limit == 1 << 20)
    }

    @Test func anEndlessBodyEndsAtTheProvidersLimitAndTheServerSeesTheClientClose() async throws {
        let key = UUID().uuidString
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared,
                                               bodySizeLimits: BodySizeLimits(memory: 4 << 20))
        let endless = GenericTarget(baseURL: fault("/endless", query: ["key": key]))
        let start = ContinuousClock.now
        let outcome = await decoding(endless, with: provider)
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(tooLarge(outcome)?.limit == 4 << 20, "ended with \(outcome)")
        #expect(try await serverSawClose(key))
    }

    @Test func anEndlessDownloadEndsAtItsFileLimitAndLeavesNoFile() async throws {
        let key = UUID().uuidString
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quiver-limit-\(key)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("endless.bin")
        let provider = Provider<LimitedTarget>(transport: TransportUnderTest.shared)
        let download = LimitedTarget(url: fault("/endless", query: ["key": key]),
                                     limits: BodySizeLimits(memory: 1 << 20, file: 3 << 20), downloadTo: destination)
        let outcome = await provider.result(for: download)
        let error = try #require(tooLarge(outcome), "ended with \(outcome)")
        #expect(error.limit == 3 << 20)
        #expect(error.isDownload)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(try await serverSawClose(key))
    }

    @Test func aDownloadIsNotBoundByTheMemoryLimit() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quiver-limit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("blob.bin")
        let provider = Provider<LimitedTarget>(transport: TransportUnderTest.shared)
        let download = LimitedTarget(url: fault("/blob", query: ["bytes": "\(3 << 20)"]),
                                     limits: BodySizeLimits(memory: 1 << 20), downloadTo: destination)
        let response = try await provider.response(for: download)
        #expect(response.statusCode == 200)
        let size = try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? NSNumber
        #expect(size?.intValue == 3 << 20)
    }

    @Test func aBodyJustAtTheLimitArrivesWhole() async throws {
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared,
                                               bodySizeLimits: BodySizeLimits(memory: 1 << 20))
        let response = try await provider.response(for: GenericTarget(baseURL: fault("/blob", query: ["bytes": "\(1 << 20)"])))
        #expect(response.data.count == 1 << 20)
        let over = await provider.result(for: GenericTarget(baseURL: fault("/blob", query: ["bytes": "\((1 << 20) + 1)"])))
        #expect(tooLarge(over)?.limit == 1 << 20)
    }
}
