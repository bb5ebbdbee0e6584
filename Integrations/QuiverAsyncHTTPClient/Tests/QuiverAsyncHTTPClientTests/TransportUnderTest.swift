import Foundation
@testable import Quiver
import QuiverAsyncHTTPClient

/// The transport the shared integration matrix (Integration/, a link to the root package's
/// Tests/QuiverTests/Integration; see TransportMatrix.swift there) runs on in this test target:
/// `AsyncHTTPClientTransport`.
enum TransportUnderTest {
    /// The transport of most integration suites, on a client of its own. It lives as long as
    /// the test process.
    static let shared: any HTTPTransport = AsyncHTTPClientTransport()

    /// AsyncHTTPClient keeps no cookies: every transport is cookieless.
    static var cookieless: any HTTPTransport { shared }

    /// Whether this is the default transport.
    static let isDefault = false

    /// A transport with this idle limit (the client's read timeout) and this deadline for
    /// requests without one of their own, in seconds.
    static func make(idleTimeout: TimeInterval, timeout: TimeInterval) -> any HTTPTransport {
        AsyncHTTPClientTransport(idleTimeout: idleTimeout, timeout: timeout)
    }
}
