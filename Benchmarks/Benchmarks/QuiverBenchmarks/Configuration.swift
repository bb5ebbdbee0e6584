import Benchmark
import BenchSupport

extension BenchmarkMetric {
    /// Process CPU time from `CLOCK_PROCESS_CPUTIME_ID`, per iteration. It replaces
    /// package-benchmark's `.cpuTotal`, which on Linux counts 10 ms scheduler ticks and reads
    /// 0 or 10 ms for a sample of a few milliseconds.
    static let cpuTime = BenchmarkMetric.custom("CPU time (ns)", polarity: .prefersSmaller, useScalingFactor: true)
}

extension Benchmark.Configuration {
    /// Every benchmark here: wall clock, CPU and mallocs per iteration.
    ///
    /// A sample is 1,000 iterations (`.kilo`), so timer reads and the harness's own few
    /// allocations per sample vanish from the per-iteration figures; tables show values per
    /// iteration, the stored results (and `Thresholds/*.json`) per 1,000.
    ///
    /// Malloc counts are deterministic, so they are checked against `Thresholds/`: a change
    /// of more than 0.5 malloc per iteration (500 per sample) either way fails the check.
    /// Time is reported only; it varies with the machine.
    static var quiver: Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .cpuTime, .mallocCountTotal],
            timeUnits: .nanoseconds,
            units: [.cpuTime: .count, .mallocCountTotal: .count],
            warmupIterations: 2,
            scalingFactor: .kilo,
            maxDuration: .seconds(2),
            maxIterations: 1_000,
            thresholds: [.mallocCountTotal: .init(absolute: [.p90: 500])]
        )
    }
}

extension Benchmark {
    /// Runs `body` `scalingFactor` times and records the process CPU time it took.
    func measureIterations(_ body: () throws -> Void) rethrows {
        let start = ProcessCPU.clockNanoseconds()
        for _ in scaledIterations {
            try body()
        }
        measurement(.cpuTime, ProcessCPU.clockNanoseconds() - start)
    }

    /// The `async` twin of ``measureIterations(_:)``.
    func measureIterations(_ body: () async throws -> Void) async rethrows {
        let start = ProcessCPU.clockNanoseconds()
        for _ in scaledIterations {
            try await body()
        }
        measurement(.cpuTime, ProcessCPU.clockNanoseconds() - start)
    }
}
