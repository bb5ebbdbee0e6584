import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Quiver

/// The transport the shared integration matrix (Integration/, see TransportMatrix.swift) runs
/// on in this test target: the default one, `URLSessionTransport`.
enum TransportUnderTest {
    /// The transport of most integration suites.
    static let shared: any HTTPTransport = URLSessionTransport()

    /// A transport whose session neither stores nor sends cookies of its own.
    static var cookieless: any HTTPTransport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        return URLSessionTransport(configuration: configuration)
    }

    /// Whether this is the default transport.
    static let isDefault = true

    /// A transport with this idle limit (`timeoutIntervalForRequest`) and this deadline for
    /// requests without one of their own (`timeoutIntervalForResource`), in seconds.
    static func make(idleTimeout: TimeInterval, timeout: TimeInterval) -> any HTTPTransport {
        // Quiver's default configuration, not `.default`: that one's URLCache writes to the home folder.
        let configuration = URLSessionTransport.defaultConfiguration
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = timeout
        return URLSessionTransport(configuration: configuration)
    }
}
