import Foundation

/// A type-erased target, so that one `Provider<MultiTarget>` can run targets of many types.
///
/// Every requirement forwards to the wrapped ``target``. Plugins are handed the wrapped
/// target, never the `MultiTarget` itself.
public enum MultiTarget: TargetType {
    /// Wraps `target`.
    case target(any TargetType)

    /// Wraps `target`.
    ///
    /// - Parameter target: The target to erase.
    public init(_ target: any TargetType) {
        self = .target(target)
    }

    /// The wrapped target.
    public var target: any TargetType {
        switch self {
        case .target(let target): target
        }
    }

    /// The wrapped target's base URL.
    public var baseURL: URL { target.baseURL }
    /// The wrapped target's path.
    public var path: String { target.path }
    /// The wrapped target's method.
    public var method: HTTPMethod { target.method }
    /// The wrapped target's task.
    public var task: HTTPTask { target.task }
    /// The wrapped target's headers.
    public var headers: [String: String]? { target.headers }
    /// The wrapped target's sample data.
    public var sampleData: Data { target.sampleData }
    /// The wrapped target's validation.
    public var validationType: ValidationType { target.validationType }
    /// The wrapped target's timeout.
    public var timeout: TimeInterval? { target.timeout }
}

extension TargetType {
    /// The target plugins see: the wrapped target for a ``MultiTarget``, otherwise `self`.
    package var unwrapped: any TargetType {
        // The type check first: comparing metatypes is free, a dynamic cast is not.
        if Self.self == MultiTarget.self, let multi = self as? MultiTarget {
            return multi.target.unwrapped
        }
        return self
    }
}
