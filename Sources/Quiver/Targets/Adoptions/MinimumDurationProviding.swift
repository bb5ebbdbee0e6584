import Foundation

/// A target whose successes are delivered no sooner than a given time after the request
/// started (CodyFire's `additionalTimeout(2)`): a login screen that should not flash.
///
/// ```swift
/// extension Auth: MinimumDurationProviding {
///     var minimumDuration: TimeInterval { 2 }
/// }
/// ```
///
/// It wins over the provider's (`Provider(minimumDuration:)`). Failures and cancellation are
/// never delayed, and cancelling during the wait ends the request at once with
/// ``QuiverError/cancelled(_:)``.
public protocol MinimumDurationProviding {
    /// The shortest time, in seconds, between the start of a request and the delivery of its
    /// success; `0` delivers at once.
    var minimumDuration: TimeInterval { get }
}
