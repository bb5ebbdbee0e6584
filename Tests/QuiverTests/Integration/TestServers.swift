import Foundation
import Testing

/// The local servers the integration and fault suites talk to, as `scripts/test` (or
/// `scripts/test-servers start DIR`, then `source DIR/env`) announces them.
enum TestServers {
    /// The variables `scripts/test-servers` writes, in the order they are checked.
    static let variables = ["QUIVER_HTTPBIN_URL", "QUIVER_FAULT_URL", "QUIVER_FAULT_OTHER_ORIGIN_URL"]

    /// httpbin under gunicorn: `QUIVER_HTTPBIN_URL`.
    static var httpbin: URL? { url(from: "QUIVER_HTTPBIN_URL") }

    /// `scripts/fault_server.py`: `QUIVER_FAULT_URL`.
    static var fault: URL? { url(from: "QUIVER_FAULT_URL") }

    /// The fault server's second port, another origin: `QUIVER_FAULT_OTHER_ORIGIN_URL`.
    static var faultOtherOrigin: URL? { url(from: "QUIVER_FAULT_OTHER_ORIGIN_URL") }

    /// The fault server's TLS port, with a self-signed certificate: `QUIVER_FAULT_TLS_URL`
    /// (unset when `openssl` could not make one).
    static var faultTLS: URL? { url(from: "QUIVER_FAULT_TLS_URL") }

    /// Whether the tests run under CI (`CI=true`), where skipping integration tests is an error.
    static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true"
    }

    /// The variables that are unset or do not hold an absolute http(s) URL.
    static var missingVariables: [String] {
        variables.filter { url(from: $0) == nil }
    }

    /// A base URL for targets when a server is not configured. Its suites are disabled then, and
    /// a request to it would be refused as `.invalidRequest` before anything is sent.
    static let unconfigured = URL(fileURLWithPath: "/quiver-test-server-not-configured")

    private static func url(from variable: String) -> URL? {
        guard let text = ProcessInfo.processInfo.environment[variable], !text.isEmpty,
              let url = URL(string: text),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host != nil
        else { return nil }
        return url
    }
}

extension Trait where Self == ConditionTrait {
    /// Enables a suite only when httpbin is configured.
    static var requiresHTTPBin: Self {
        .enabled(if: TestServers.httpbin != nil,
                 "QUIVER_HTTPBIN_URL is not set: integration tests skipped (run scripts/test)")
    }

    /// Enables a suite only when the fault server serves TLS.
    static var requiresTLSServer: Self {
        .enabled(if: TestServers.faultTLS != nil,
                 "QUIVER_FAULT_TLS_URL is not set: TLS tests skipped (run scripts/test; needs openssl)")
    }

    /// Enables a suite only when the fault server and its second origin are configured.
    static var requiresFaultServer: Self {
        .enabled(if: TestServers.fault != nil && TestServers.faultOtherOrigin != nil,
                 "QUIVER_FAULT_URL or QUIVER_FAULT_OTHER_ORIGIN_URL is not set: fault tests skipped (run scripts/test)")
    }
}

@Suite struct TestServersTests {
    /// The one test that may pass without servers: outside CI, a plain `swift test` skips the
    /// integration suites on purpose. Under `CI=true` a missing server fails here, so CI can
    /// never skip them silently.
    @Test func serversAreConfiguredUnderCI() {
        guard TestServers.isCI else { return }
        let missing = TestServers.missingVariables
        #expect(missing.isEmpty, """
            CI=true but \(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not set to an \
            http(s) URL: the integration and fault suites would be skipped. Run the tests with scripts/test.
            """)
    }
}
