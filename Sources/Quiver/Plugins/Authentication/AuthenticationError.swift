import Foundation

/// Why an ``AuthenticationPlugin`` could not authenticate a request. It reaches the caller as
/// ``QuiverError/plugin(_:)``.
public enum AuthenticationError: Error, Sendable, CustomStringConvertible {
    /// The refresh closure failed; every request waiting for it fails with this.
    case refreshFailed(any Error)
    /// More refreshes than allowed within the window: the server keeps rejecting fresh
    /// credentials, and refreshing again would loop.
    case refreshLimitExceeded(refreshes: Int, window: TimeInterval)

    /// A sentence naming the failure.
    public var description: String {
        switch self {
        case .refreshFailed(let error):
            "Refreshing the credential failed: \(error)"
        case .refreshLimitExceeded(let refreshes, let window):
            "The credential was refreshed \(refreshes) times within \(Int(window)) s and the server still rejects it; not refreshing again."
        }
    }
}
