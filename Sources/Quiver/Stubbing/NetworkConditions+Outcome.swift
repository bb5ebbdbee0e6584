import Foundation

extension NetworkConditions {
    /// Where a value's random sequence stands: shared by its copies, so that requests draw one
    /// after another whichever copy a provider holds.
    final class Draws: Sendable {
        let position = Locked<UInt64>(0)
    }

    /// What happens to one request, drawn from the sequence.
    struct Outcome: Sendable, Equatable {
        /// Simulated seconds before the head.
        let latency: TimeInterval
        /// How the request fails, if it does.
        let failure: Failure?
        /// Whether the connection drops halfway through the body.
        let drops: Bool
    }

    /// The next request's outcome. Every draw takes the same three numbers, whatever the
    /// conditions use, so that a sequence depends on the seed and the position alone.
    func nextOutcome() -> Outcome {
        let index = draws.position.withLock { position -> UInt64 in
            defer { position &+= 1 }
            return position
        }
        var generator = SplitMix64(state: seed &+ (index &+ 1) &* 0x9E37_79B9_7F4A_7C15)
        let stray = generator.unit() * 2 - 1
        let failing = generator.unit() < failureRate
        let dropping = generator.unit() < dropRate
        let failure = failing ? failures[Int(generator.next() % UInt64(failures.count))] : nil
        return Outcome(latency: max(0, latency + stray * jitter), failure: failure, drops: dropping)
    }

    /// Waits `simulated` seconds, scaled; cancellable.
    func wait(_ simulated: TimeInterval) async throws {
        try await WaitTime.sleep(seconds: simulated * timeScale)
    }
}

/// A small, fast generator whose every output is decided by its state: the same seed, the
/// same numbers, on every platform (SplitMix64). The tests' fuzzing draws from it too.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<1`.
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}
