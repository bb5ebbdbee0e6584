import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// ``HTTPTask/downloadCarrying(_:to:)``: a body goes out, the response goes to a file.
@Suite(.requiresFaultServer) struct DownloadCarryingIntegrationTests {
    private var fault: URL { TestServers.fault ?? TestServers.unconfigured }

    private struct Echo: Decodable { let method: String; let body: String?; let query: String }

    @Test func theBodyIsSentAndTheResponseIsWrittenToTheDestination() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("report.json")
        let task = HTTPTask.downloadCarrying(.json(["year": 2025]), to: .file(destination))
            .adding(query: ["format": "json"])
        let response = try await Provider<GenericTarget>().response(for: GenericTarget(
            baseURL: fault, path: "echo", method: .post, task: task))
        #expect(response.fileURL == destination)
        let echo = try JSONDecoder().decode(Echo.self, from: Data(contentsOf: destination))
        #expect(echo.method == "POST")
        #expect(echo.body == #"{"year":2025}"#)
        #expect(echo.query == "format=json")
    }
}
