import Foundation

/// Whether and how a target is stubbed.
public enum StubBehavior: Sendable, Hashable {
    /// Send the request over the network.
    case never
    /// Answer at once with the endpoint's sample response.
    case immediate
    /// Answer with the endpoint's sample response after `seconds`; cancellable meanwhile.
    case delayed(seconds: TimeInterval)
    /// Answer with the endpoint's sample response through a simulated network: its latency,
    /// the pace of its body and its failures (see ``NetworkConditions``).
    case conditions(NetworkConditions)
}
