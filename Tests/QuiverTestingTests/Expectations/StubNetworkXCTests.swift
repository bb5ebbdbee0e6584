import Foundation
import Quiver
import QuiverTesting
import XCTest

/// `StubNetwork` from XCTest, as a team still on XCTest writes its tests: async, `verify()`
/// thrown from the test, and a failure that names the line that declared the expectation.
final class StubNetworkXCTests: XCTestCase {
    private let provider = { (network: StubNetwork) in Provider<GenericTarget>(transport: network) }
    private let base = URL(string: "https://api.example.com/v2") ?? URL(fileURLWithPath: "/")

    func testAMetExpectationVerifies() async throws {
        let network = StubNetwork()
        network.expect(.get, "/v2/users/*").respond(status: 200, json: ["id": 7])
        let response = try await provider(network).response(for: GenericTarget(baseURL: base, path: "users/7"))
        XCTAssertEqual(response.statusCode, 200)
        try network.verify()
    }

    func testAnUnmetExpectationThrowsNamingItsLine() async throws {
        let network = StubNetwork()
        let line = #line + 1
        network.expect(.post, "/v2/users")
        _ = try? await provider(network).response(for: GenericTarget(baseURL: base, path: "users/7"))
        XCTAssertThrowsError(try network.verify()) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("declared at StubNetworkXCTests.swift:\(line)"), message)
            XCTAssertTrue(message.contains("GET /v2/users/7 (request 1) met no expectation"), message)
        }
    }
}
