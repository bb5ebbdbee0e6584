import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reports when requests start and end: for spinners, counters and metrics.
///
/// `began` and `ended` always come in pairs, once per attempt that reaches the transport (a
/// retried request reports each attempt); refused requests report nothing.
///
/// ```swift
/// NetworkActivityPlugin { change, target in
///     switch change {
///     case .began: activity.increment()
///     case .ended: activity.decrement()
///     }
/// }
/// ```
public struct NetworkActivityPlugin: PluginType {
    /// A change in network activity.
    public enum Change: Sendable, Hashable {
        /// A request is about to be sent.
        case began
        /// Its outcome has arrived.
        case ended
    }

    /// Called on every change.
    let networkActivityClosure: @Sendable (Change, any TargetType) -> Void

    /// Creates the plugin.
    ///
    /// - Parameter networkActivityClosure: Called with each change and its target, on the
    ///   thread that sends or receives; keep it short.
    public init(networkActivityClosure: @escaping @Sendable (Change, any TargetType) -> Void) {
        self.networkActivityClosure = networkActivityClosure
    }

    /// Reports ``Change/began``.
    public func willSend(_ request: URLRequest, target: any TargetType) {
        networkActivityClosure(.began, target)
    }

    /// Reports ``Change/ended``.
    public func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
        networkActivityClosure(.ended, target)
    }
}
