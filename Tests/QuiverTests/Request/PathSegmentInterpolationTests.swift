import Foundation
import Testing
@testable import Quiver

/// `\(segment:)` writes a value as exactly one path segment.
@Suite struct PathSegmentInterpolationTests {
    @Test(arguments: [
        ("../../admin", "..%2F..%2Fadmin"),
        ("a/b", "a%2Fb"),
        ("what?x=1", "what%3Fx%3D1"),
        ("a#b", "a%23b"),
        ("100%", "100%25"),
        ("%2e%2e", "%252e%252e"),
        ("john doe", "john%20doe"),
        ("caf\u{E9}", "caf%C3%A9"),
        ("v1.2-x_y~", "v1.2-x_y~"),
        ("...", "..."),
        (".", "%2E"),
        ("..", "%2E%2E"),
    ])
    func aValueIsWrittenAsOneEscapedSegment(value: String, written: String) {
        #expect("\(segment: value)" == written)
    }

    @Test func anyDescribableValueCanBeASegment() {
        #expect("users/\(segment: 42)/repos" == "users/42/repos")
        #expect("\(segment: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)" == "00000000-0000-0000-0000-000000000001")
    }

    @Test(arguments: ["../../admin", "a/b", "a?b#c", "100%", "%2e%2e", "x/../y"])
    func theEscapedFormIsSentAsExactlyOneSegment(value: String) async throws {
        let transport = RecordingTransport()
        let target = GenericTarget(baseURL: exampleBase, path: "users/\(segment: value)/repos")
        _ = try await Provider<GenericTarget>(transport: transport).response(for: target)
        let url = try #require(transport.requests.first?.url)
        let path = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath)
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        #expect(segments == ["", "v2", "users", segments[3], "repos"], "\(path)")
        #expect(segments[3].removingPercentEncoding == value)
    }

    @Test(arguments: [".", ".."])
    func aDotValueIsRefusedNotSentAsADotSegment(value: String) async {
        let transport = RecordingTransport()
        let target = GenericTarget(baseURL: exampleBase, path: "users/\(segment: value)/repos")
        let result = await Provider<GenericTarget>(transport: transport).result(for: target)
        #expect(transport.requests.isEmpty)
        guard case .failure(.invalidRequest) = result else {
            Issue.record("expected .invalidRequest, got \(result)")
            return
        }
    }
}
