import Foundation

/// A target that decides whether ``NetworkLoggerPlugin`` logs it.
///
/// ```swift
/// extension AuthAPI: NetworkLoggable {
///     var isNetworkLoggingEnabled: Bool { self != .login }
/// }
/// ```
public protocol NetworkLoggable: TargetType {
    /// Whether ``NetworkLoggerPlugin`` logs this target's requests and outcomes; `false`
    /// silences it entirely, at every level. Targets that do not conform are logged.
    var isNetworkLoggingEnabled: Bool { get }
}
