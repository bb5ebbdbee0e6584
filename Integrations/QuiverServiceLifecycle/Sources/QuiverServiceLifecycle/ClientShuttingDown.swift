import Foundation
import Quiver

/// Why a request was not sent: the ``HTTPClientService`` that owns its client is shutting down.
///
/// A provider reports it as `QuiverError.transport(_:_:)` carrying this value. Nothing of the
/// request reached the network.
public struct ClientShuttingDown: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request's method.
    public let method: HTTPMethod
    /// The request's URL.
    public let url: URL

    public var description: String {
        "\(method.rawValue) \(url.absoluteString): not sent, the HTTP client service is shutting down "
            + "(requests in flight may finish; start new ones on a running service)"
    }
}
