import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// Every way `scripts/fault_server.py` misbehaves ends in the right ``QuiverError``, promptly.
///
/// Routes that end on their own get a 10 s target timeout as a safety net only: if one of them
/// hung, the test would fail with `.timedOut` and a long elapsed time instead of stalling the run.
@Suite(.requiresFaultServer) struct FaultTests {
    let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared)

    private func fault(_ path: String, query: KeyValuePairs<String, String> = [:], timeout: TimeInterval = 10) -> GenericTarget {
        GenericTarget(baseURL: url(TestServers.fault ?? TestServers.unconfigured, path, query: query), timeout: timeout)
    }

    /// Requests `target` and checks that it fails with `expected` in less than `limit`.
    @discardableResult
    private func expectFailure(_ target: GenericTarget, _ expected: String, within limit: TimeInterval = 5,
                               sourceLocation: SourceLocation = #_sourceLocation) async -> QuiverError? {
        let (result, elapsed) = await timed { await provider.result(for: target) }
        #expect(result.outcome == expected, "\(target.baseURL.path): \(result)", sourceLocation: sourceLocation)
        #expect(elapsed < limit, "\(target.baseURL.path) took \(elapsed) s", sourceLocation: sourceLocation)
        return result.failure
    }

    @Test func theFaultServerAnswersOk() async throws {
        let response = try await provider.response(for: fault("/ok"))
        #expect(String(decoding: response.data, as: UTF8.self) == "ok")
    }

    @Test func aCustomMethodAndANonASCIIHeaderAreSentAsTheyAre() async throws {
        var target = fault("/echo")
        target.method = "PROPFIND"
        target.headers = ["X-Name": "t\u{E9}l\u{E9} \u{2713}"]
        let echo = try await provider.decode(FaultEcho.self, from: target)
        #expect(echo.method == "PROPFIND")
        // The server reads header bytes as Latin-1; the bytes themselves must be the UTF-8 of the value.
        let bytes = echo.header("X-Name")?.data(using: .isoLatin1)
        #expect(bytes == Data("t\u{E9}l\u{E9} \u{2713}".utf8))
    }

    // MARK: Broken bodies

    @Test func aResetMidBodyIsATransportError() async {
        await expectFailure(fault("/reset-mid-body"), "transport")
    }

    @Test func aShortBodyIsATransportError() async {
        await expectFailure(fault("/short-body"), "transport")
    }

    @Test func malformedChunkedEncodingIsATransportError() async {
        await expectFailure(fault("/malformed-chunked"), "transport")
    }

    @Test func truncatedChunkedEncodingIsATransportError() async {
        await expectFailure(fault("/truncated-chunked"), "transport")
    }

    @Test func garbageInsteadOfHTTPIsATransportError() async {
        await expectFailure(fault("/garbage"), "transport")
    }

    // MARK: Headers

    @Test func aOneMebibyteHeaderIsATransportError() async {
        await expectFailure(fault("/huge-header", query: ["kib": "1024"]), "transport")
    }

    @Test func a64KibibyteHeaderIsReadable() async throws {
        let response = try await provider.response(for: fault("/huge-header", query: ["kib": "64"]))
        let header = try #require(response.value(forHTTPHeaderField: "X-Huge"))
        #expect(header.utf8.count == 64 * 1024)
        #expect(header.allSatisfy { $0 == "a" })
        #expect(String(decoding: response.data, as: UTF8.self) == "small body")
    }

    // MARK: Stalls and timeouts

    @Test func aServerThatNeverAnswersTimesOut() async {
        let (result, elapsed) = await timed { await provider.result(for: fault("/never-answers", timeout: 2)) }
        #expect(result.outcome == "timedOut")
        #expect(elapsed >= 1.9 && elapsed < 5, "timed out after \(elapsed) s")
    }

    @Test func headersFollowedByAStallTimeOut() async {
        let (result, elapsed) = await timed { await provider.result(for: fault("/headers-then-stall", timeout: 2)) }
        #expect(result.outcome == "timedOut")
        #expect(elapsed >= 1.9 && elapsed < 5, "timed out after \(elapsed) s")
    }

    @Test func aSlowDripLongerThanTheTimeoutTimesOut() async {
        // 20 bytes, one every 0.5 s: never idle for long, but 10 s in all. The timeout limits the
        // whole exchange, not only the silences between bytes.
        let target = fault("/slow-drip", query: ["bytes": "20", "interval": "0.5"], timeout: 2)
        let (result, elapsed) = await timed { await provider.result(for: target) }
        #expect(result.outcome == "timedOut")
        #expect(elapsed >= 1.9 && elapsed < 5, "timed out after \(elapsed) s")
    }

    @Test func aSlowDripWithinTheTimeoutSucceeds() async throws {
        let target = fault("/slow-drip", query: ["bytes": "3", "interval": "0.2"], timeout: 5)
        let response = try await provider.response(for: target)
        #expect(response.data == Data("***".utf8))
    }

    // MARK: Statuses

    @Test func aBasicChallengeComesBackPromptlyAsA401WithItsBody() async throws {
        let error = await expectFailure(fault("/basic-challenge"), "statusCode", within: 2)
        let response = try #require(error?.response)
        #expect(response.statusCode == 401)
        #expect(String(decoding: response.data, as: UTF8.self) == #"{"error":"unauthorized"}"#)
        #expect(response.value(forHTTPHeaderField: "WWW-Authenticate") == #"Basic realm="quiver""#)
    }

    @Test func a503IsAStatusCodeError() async throws {
        let error = await expectFailure(fault("/status/503"), "statusCode")
        let response = try #require(error?.response)
        #expect(response.statusCode == 503)
        #expect(String(decoding: response.data, as: UTF8.self) == #"{"status": 503}"#)
    }
}
