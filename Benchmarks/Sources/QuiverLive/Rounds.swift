import BenchSupport
import Foundation

/// What one round of requests cost.
struct RoundCost {
    /// Process CPU (user + system, every thread) per request, in nanoseconds.
    let cpuPerRequest: Double
    /// Wall-clock time of the round, in nanoseconds.
    let wall: Double
    let requests: Int
    /// Context switches of the process per request.
    let switchesPerRequest: Double
}

/// Runs `requests` requests through `client`, `concurrency` at a time, and measures them with
/// `getrusage(RUSAGE_SELF)`: the CPU of every thread of this process (URLSession's included),
/// none of nginx's.
func measureRound(_ client: any LiveClient, requests: Int, concurrency: Int) async throws -> RoundCost {
    let switchesStart = ProcessCPU.contextSwitches()
    let cpuStart = ProcessCPU.rusageNanoseconds()
    let wallStart = DispatchTime.now().uptimeNanoseconds
    try await fetch(client, requests: requests, concurrency: concurrency)
    let wall = Double(DispatchTime.now().uptimeNanoseconds - wallStart)
    let cpu = Double(ProcessCPU.rusageNanoseconds() - cpuStart)
    let switches = Double(ProcessCPU.contextSwitches() - switchesStart)
    return RoundCost(cpuPerRequest: cpu / Double(requests), wall: wall, requests: requests,
                     switchesPerRequest: switches / Double(requests))
}

/// `requests` fetches, by `concurrency` workers that each fetch one after another.
func fetch(_ client: any LiveClient, requests: Int, concurrency: Int) async throws {
    guard concurrency > 1 else {
        for _ in 0..<requests {
            try await client.fetch()
        }
        return
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<concurrency {
            let share = workerShare(of: requests, worker: worker, among: concurrency)
            group.addTask {
                for _ in 0..<share {
                    try await client.fetch()
                }
            }
        }
        try await group.waitForAll()
    }
}

/// How many of `requests` worker number `worker` of `concurrency` sends: as many as the others,
/// the first ones one more while a remainder lasts.
func workerShare(of requests: Int, worker: Int, among concurrency: Int) -> Int {
    requests / concurrency + (worker < requests % concurrency ? 1 : 0)
}

/// Raw and provider rounds (and, with `--cache`, the cached provider's) measured in turn, so
/// that whatever else the machine does hits each alike.
struct Comparison {
    let label: String
    var raw: [RoundCost] = []
    var provider: [RoundCost] = []
    /// The rounds of the provider with a cache every request misses; empty without `--cache`.
    var cached: [RoundCost] = []

    /// Sum of provider CPU over sum of raw CPU.
    var totalRatio: Double {
        provider.map(\.cpuPerRequest).reduce(0, +) / raw.map(\.cpuPerRequest).reduce(0, +)
    }

    /// Provider / raw of each pair of neighbouring rounds, sorted.
    var pairRatios: [Double] {
        zip(provider, raw).map { $0.cpuPerRequest / $1.cpuPerRequest }.sorted()
    }

    /// Cached / raw of each round, taking the raw round of the same turn, sorted.
    var cachedPairRatios: [Double] {
        zip(cached, raw).map { $0.cpuPerRequest / $1.cpuPerRequest }.sorted()
    }

    static func run(_ label: String, raw rawClient: any LiveClient, provider providerClient: any LiveClient,
                    cached cachedClient: (any LiveClient)? = nil,
                    rounds: Int, requests: Int, concurrency: Int) async throws -> Comparison {
        var comparison = Comparison(label: label)
        let sides = cachedClient == nil ? 2 : 3
        for round in 0..<rounds {
            // Rotate which goes first, so none always runs on a warmer (or busier) machine.
            for turn in 0..<sides {
                let side = (round + turn) % sides
                let client = side == 0 ? rawClient : side == 1 ? providerClient : cachedClient ?? providerClient
                let cost = try await measureRound(client, requests: requests, concurrency: concurrency)
                switch side {
                case 0: comparison.raw.append(cost)
                case 1: comparison.provider.append(cost)
                default: comparison.cached.append(cost)
                }
            }
        }
        return comparison
    }
}
