import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// A body streamed from a file survives a `307`/`308`: it is read from disk again for the second
/// request, whole, on every transport of the matrix.
@Suite(.requiresFaultServer) struct RedirectedFileBodyIntegrationTests {
    @Test(arguments: [307, 308])
    func a307Or308RepeatsAnUploadedFileWhole(status: Int) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Larger than one chunk of a streamed body, and not a multiple of it.
        let contents = Data((0..<(300 * 1024 + 7)).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        let file = try folder.file("upload.txt", contents: contents)
        let base = try #require(TestServers.fault)
        let start = url(base, "/redirect", query: ["status": String(status), "to": "/echo"])
        let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared)
        let target = GenericTarget(baseURL: start, method: .post, task: .uploadFile(file, contentType: "text/plain"), timeout: 10)
        let response = try await provider.response(for: target)
        let echo = try response.decode(FaultEcho.self)
        #expect(echo.method == "POST")
        #expect(echo.path == "/echo")
        #expect(echo.bodyLength == contents.count)
        #expect(echo.body.map { Data($0.utf8) } == contents)
    }
}
