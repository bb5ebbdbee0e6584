import BenchSupport
import Foundation

// QuiverLive: CPU per request of a Provider with three plugins against raw URLSession, on a
// local nginx, sequential and with 16 requests in flight. `Benchmarks/run` starts nginx and
// passes its URL; `--print-body` gives the file nginx serves.

let options = LiveOptions(CommandLine.arguments.dropFirst())
if options.printBody {
    FileHandle.standardOutput.write(SmallBody.data)
    exit(0)
}

let fileURL = options.baseURL.appendingPathComponent("user.json")
let raw = RawClient(url: fileURL)
let provider = ProviderClient(target: LiveUser(baseURL: options.baseURL))

// Open the connections and warm every first-use path (libcurl handles, the sessions' queues,
// Foundation's caches) before anything is measured.
for client in [raw, provider] as [any LiveClient] {
    try await fetch(client, requests: options.requests, concurrency: 1)
    try await fetch(client, requests: options.concurrentRequests, concurrency: options.concurrency)
}

if options.split {
    try await runSplit(options, layers: splitLayers(fileURL: fileURL, raw: raw, provider: provider))
    exit(0)
}

let sequential = try await Comparison.run("sequential", raw: raw, provider: provider,
                                          rounds: options.rounds, requests: options.requests, concurrency: 1)
let concurrent = try await Comparison.run("\(options.concurrency) in flight", raw: raw, provider: provider,
                                          rounds: options.rounds, requests: options.concurrentRequests,
                                          concurrency: options.concurrency)
printReport([sequential, concurrent], options: options)
