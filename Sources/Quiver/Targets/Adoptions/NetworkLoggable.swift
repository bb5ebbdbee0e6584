import Foundation

/// A target that decides whether ``NetworkLoggerPlugin`` logs it, and under which name.
///
/// ```swift
/// extension AuthAPI: NetworkLoggable {
///     var isNetworkLoggingEnabled: Bool { self != .login }
/// }
/// ```
///
/// The logger's `Request`, `Response` and `Error` lines name the target before its method and
/// URL (`[Quiver] Request: GitHub.user GET https://api.github.com/users/octocat`). Without this
/// adoption, or without ``networkLogName`` in it, the name is made from the target's value:
/// `GitHub.user` for an enum's case (its associated values left out, as they may hold secrets),
/// `GetUser` for a struct or a class (a type that describes itself or its children is named by
/// its type alone); a target built on the fly (``GenericTarget``, ``MappedTarget``) is named by
/// its URL alone, and a ``MultiTarget`` by the target it wraps.
public protocol NetworkLoggable: TargetType {
    /// Whether ``NetworkLoggerPlugin`` logs this target's requests and outcomes; `false`
    /// silences it entirely, at every level. Targets that do not conform are logged.
    var isNetworkLoggingEnabled: Bool { get }

    /// The name the logger's lines give this target, such as `"GitHub.user"`, or `nil` for none
    /// (the lines then name the method and URL alone). It is worked out only for a line that is
    /// written, and redacted with the line.
    var networkLogName: String? { get }
}

extension NetworkLoggable {
    /// Logged.
    public var isNetworkLoggingEnabled: Bool { true }

    /// The name made from the target's value: `Type.case` for an enum, `Type` otherwise.
    public var networkLogName: String? { TargetLogName.made(from: self) }
}
