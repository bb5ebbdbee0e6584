import Foundation

/// Hears of a request's bytes moving: part of every ``TransportRequest``.
///
/// A transport calls ``uploaded(_:of:)`` as the body goes out and ``downloaded(_:of:)`` as the
/// response body comes in, at least once each when it is done (with the final count), whether
/// or not anyone listens: calls are cheap when nobody does. ``URLSessionTransport`` calls it on
/// the session's own queue, between chunks; a listener should hand the report on and return.
public struct TransportProgress: Sendable {
    /// Receives the reports, or `nil` when nobody listens.
    let handler: (@Sendable (ProgressResponse) -> Void)?

    /// Progress that nobody listens to.
    public static let ignored = TransportProgress(nil)

    /// Progress reported to `handler`.
    ///
    /// - Parameter handler: Receives each report, or `nil` for nobody.
    public init(_ handler: (@Sendable (ProgressResponse) -> Void)?) {
        self.handler = handler
    }

    /// Whether anyone listens: a transport may skip work done only to report progress.
    public var isObserved: Bool { handler != nil }

    /// `sent` of `total` body bytes went out.
    ///
    /// - Parameters:
    ///   - sent: Bytes sent so far.
    ///   - total: Bytes to send in all, or `-1` when unknown.
    public func uploaded(_ sent: Int64, of total: Int64) {
        handler?(ProgressResponse(completedUnitCount: sent, totalUnitCount: total, direction: .upload))
    }

    /// `received` of `total` response body bytes came in.
    ///
    /// - Parameters:
    ///   - received: Bytes received so far.
    ///   - total: Bytes expected in all, or `-1` when unknown.
    public func downloaded(_ received: Int64, of total: Int64) {
        handler?(ProgressResponse(completedUnitCount: received, totalUnitCount: total, direction: .download))
    }
}
