import Foundation
import Testing
@testable import Quiver

/// Item 7 of issue 28: a `.` or `..` segment in a target's path, however it is spelled, is
/// refused before anything is sent (libcurl would resolve `users/../../../admin` to `/admin`),
/// unless the target adopts ``DotSegmentsAllowing``; `\(segment:)` keeps a value in one segment.
@Suite struct DotSegmentTests {
    /// A target whose type says whether its dot segments are meant.
    private struct Listing: DotSegmentsAllowing {
        let path: String
        let allowsDotSegments: Bool
        var baseURL: URL { exampleBase }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .plain }
    }

    private func outcome<Target: TargetType>(of target: Target) async -> (Result<Response, QuiverError>, sent: [URL]) {
        let transport = RecordingTransport()
        let result = await Provider<Target>(transport: transport).result(for: target)
        return (result, transport.requests.map(\.url))
    }

    @Test(arguments: [
        "users/../../../admin", "..", ".", "users/./me", "users/..", "a/../", "/../admin",
        "users/%2e%2e/admin", "users/%2E%2e/admin", "users/.%2E/admin", "users/%2e/admin", "%2E%2E",
    ])
    func aDotSegmentIsRefusedAndNothingIsSent(path: String) async {
        let (result, sent) = await outcome(of: GenericTarget(baseURL: exampleBase, path: path))
        #expect(sent.isEmpty, "sent \(sent)")
        guard case .failure(.invalidRequest(let reason)) = result else {
            Issue.record("expected .invalidRequest, got \(result)")
            return
        }
        #expect(reason.contains("GET https://api.example.com/v2/"), "does not name the request: \(reason)")
        #expect(reason.contains(String(reflecting: path)))
        #expect(reason.contains("segment"))
    }

    @Test func theRefusalSaysWhatToDo() async {
        let (result, _) = await outcome(of: GenericTarget(baseURL: exampleBase, path: "users/../admin"))
        #expect(result.failure.map { "\($0)" }?.contains(#"\(segment: value)"#) == true)
        #expect(result.failure.map { "\($0)" }?.contains("DotSegmentsAllowing") == true)
    }

    @Test(arguments: ["users/...", "users/.well-known", "a..b/c.", "v1.2/x", "%2e%2e%2e", "users/%2e%2ex"])
    func dotsInsideASegmentAreNoDotSegment(path: String) async throws {
        let (result, sent) = await outcome(of: GenericTarget(baseURL: exampleBase, path: path))
        #expect(throws: Never.self) { try result.get() }
        #expect(sent.count == 1)
    }

    @Test func aTargetThatAllowsDotSegmentsSendsThemAsWritten() async throws {
        let (result, sent) = await outcome(of: Listing(path: "folders/7/..", allowsDotSegments: true))
        #expect(throws: Never.self) { try result.get() }
        #expect(sent.count == 1)
        let (refused, none) = await outcome(of: Listing(path: "folders/7/..", allowsDotSegments: false))
        #expect(none.isEmpty)
        #expect(refused.failure != nil)
    }

    @Test(arguments: ["folders/%2E%2E", "folders/../%2e", "folders/..?x=1", "./a#b"])
    func anEncodedDotSegmentOrAQueryIsRefusedEvenWhenDotSegmentsAreAllowed(path: String) async {
        let (result, sent) = await outcome(of: Listing(path: path, allowsDotSegments: true))
        #expect(sent.isEmpty)
        #expect(result.failure != nil)
    }

    @Test func aMultiTargetAsksTheTargetItWraps() async throws {
        let (result, sent) = await outcome(of: MultiTarget(Listing(path: "folders/..", allowsDotSegments: true)))
        #expect(throws: Never.self) { try result.get() }
        #expect(sent.count == 1)
    }
}
