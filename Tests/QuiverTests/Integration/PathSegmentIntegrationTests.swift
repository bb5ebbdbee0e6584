import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Item 7 of issue 28, against the fault server's `/echo/…`, which reports the path as it
/// arrived: a value put in with `\(segment:)` arrives as one segment, and a path with dot
/// segments (which libcurl resolves: `users/../../admin` arrived as `/admin`) is not sent.
@Suite(.requiresFaultServer) struct PathSegmentIntegrationTests {
    private let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared)
    private var echo: URL { url(TestServers.fault ?? TestServers.unconfigured, "/echo") }

    @Test(arguments: ["../../admin", "../../../admin", "a/b?c#d", "%2e%2e", "..%2F..%2Fadmin"])
    func aSegmentValueArrivesAsOneSegment(value: String) async throws {
        let target = GenericTarget(baseURL: echo, path: "users/\(segment: value)/repos", timeout: 10)
        let arrived = try await provider.response(for: target).decode(FaultEcho.self)
        let segments = arrived.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        #expect(segments.count == 5 && segments.prefix(3) == ["", "echo", "users"] && segments.last == "repos",
                "arrived as \(arrived.path)")
        #expect(segments.count == 5 && segments[3].removingPercentEncoding == value, "arrived as \(arrived.path)")
        #expect(!arrived.path.hasSuffix("/admin"))
    }

    @Test(arguments: ["users/../../admin", "users/../../../admin", "users/%2e%2e/%2E%2E/admin", "users/./../admin"])
    func aPathWithDotSegmentsIsNotSent(path: String) async {
        let target = GenericTarget(baseURL: echo, path: path, timeout: 10)
        let result = await provider.result(for: target)
        guard case .failure(.invalidRequest(let reason)) = result else {
            Issue.record("expected .invalidRequest, got \(result)")
            return
        }
        #expect(reason.contains(String(reflecting: path)))
    }
}
