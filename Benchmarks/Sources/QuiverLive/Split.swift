import BenchSupport
import Foundation

/// `--split`: where a provider's extra CPU goes. Each layer adds one piece to raw URLSession
/// (see ``splitLayers(fileURL:raw:provider:)``); all run in interleaved rounds in one process,
/// the order rotating each round. A layer's cost is the median over rounds of its CPU per
/// request against the layer above and against raw, in the same round.
///
/// `--layer N` runs only layer `N` (from 0, raw), for a profiler to attach to; `--layers 1,5`
/// measures only those layers (and raw), for a quicker A/B of one change.
func runSplit(_ options: LiveOptions, layers all: [any LiveClient]) async throws {
    var layers = all
    if let chosen = options.layers {
        guard chosen.allSatisfy(all.indices.contains) else {
            FileHandle.standardError.write(Data("QuiverLive: --layers: there are \(all.count) layers\n".utf8))
            exit(64)
        }
        layers = [all[0]] + chosen.filter { $0 != 0 }.map { all[$0] }
    }
    if let only = options.layer {
        guard all.indices.contains(only) else {
            FileHandle.standardError.write(Data("QuiverLive: --layer \(only): there are \(all.count) layers\n".utf8))
            exit(64)
        }
        for _ in 0..<options.rounds {
            try await fetch(all[only], requests: options.requests, concurrency: options.concurrency)
        }
        return
    }
    for layer in layers.dropFirst() {
        try await fetch(layer, requests: options.concurrentRequests, concurrency: options.concurrency)
    }
    for concurrency in [1, options.concurrency] {
        let requests = concurrency == 1 ? options.requests : options.concurrentRequests
        var rounds = Array(repeating: [RoundCost](), count: layers.count)
        for round in 0..<options.rounds {
            for offset in layers.indices {
                let index = (round + offset) % layers.count
                rounds[index].append(try await measureRound(layers[index], requests: requests, concurrency: concurrency))
            }
        }
        print("Split, \(concurrency) in flight, \(options.rounds) rounds of \(requests) requests (medians over rounds):")
        var rows = [["layer", "CPU µs/req", "over the layer above", "over raw", "µs over raw", "switches/req"]]
        for (index, layer) in layers.enumerated() {
            let cpu = rounds[index].map(\.cpuPerRequest)
            let above = index == 0 ? cpu : rounds[index - 1].map(\.cpuPerRequest)
            let raw = rounds[0].map(\.cpuPerRequest)
            rows.append([
                layer.name,
                String(format: "%.1f", median(cpu) / 1_000),
                index == 0 ? "" : String(format: "%.3f", median(zip(cpu, above).map(/))),
                index == 0 ? "" : String(format: "%.3f", median(zip(cpu, raw).map(/))),
                index == 0 ? "" : String(format: "%.1f", median(zip(cpu, raw).map(-)) / 1_000),
                String(format: "%.1f", median(rounds[index].map(\.switchesPerRequest))),
            ])
        }
        printTable(rows)
    }
}
