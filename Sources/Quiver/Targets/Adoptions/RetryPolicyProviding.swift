import Foundation

/// A target with a retry policy of its own; ``RetryPolicy/none`` opts it out.
public protocol RetryPolicyProviding {
    /// The policy for this target's requests.
    var retryPolicy: RetryPolicy { get }
}
