import BenchSupport
import CHeapStats
import Foundation

/// `QuiverLive --scale`: raw `HTTPClient` against a provider on `AsyncHTTPClientTransport` with
/// the built-in plugins (token, headers, logger), at 1, 16, 256 and 1,024 requests in flight,
/// both on one connection pool as large as the most in flight: requests per second, CPU per
/// request, heap per request in flight, and p50 / p99 latency, rounds of the two interleaved.
/// `--scale-transport-alone` puts the transport without a provider in the provider's place.
/// In the same rotation of timed rounds: the floor of Quiver's own kind (``FloorClient``: the
/// smallest Moya-style pipeline, sending the same fields) and an A/A control (a second raw
/// client, which should read 1.00 × raw within ±0.05: the noise of the run).
func runScale(_ options: LiveOptions, fileURL: URL) async throws {
    let levels = options.scaleLevels
    let heapRounds = max(3, options.scaleRounds / 2)
    let configuration = benchConfiguration(connections: levels.max() ?? 1)
    // Raw sends the header fields the installed plugins set, no more: a field costs both sides
    // alike to validate and send.
    let plugins = options.scaleTransportAlone ? [] : options.scalePlugins
    let raw = RawHTTPClientClient(url: fileURL.absoluteString,
                                  headers: BuiltinProviderClient.headers(tokenLength: options.tokenLength).filter { field in
                                      field.name == "Authorization" ? plugins.contains("token") : plugins.contains("headers")
                                  },
                                  configuration: configuration)
    // The transport alone sends one request made once: what the provider and its plugins cost is
    // the difference between the two comparisons.
    let quiver: any LiveClient = options.scaleTransportAlone
        ? AsyncHTTPClientTransportClient(url: fileURL, configuration: configuration) as any LiveClient
        : AsyncHTTPClientProviderClient(baseURL: options.baseURL, builtinPlugins: true, tokenLength: options.tokenLength,
                                        only: plugins, configuration: configuration)
    // Both on raw's connection pool: four pools of 1,024 connections would pass what nginx takes.
    let floor = FloorClient(base: options.baseURL, headers: raw.headers, client: raw.client)
    let control = RawHTTPClientClient(url: raw.url, headers: raw.headers, client: raw.client)
    if let side = options.scaleSide {
        // One side alone, for a profiler (perf record … --scale-side quiver): no heap rounds, no ratio.
        let client: any LiveClient = side == "raw" ? raw : side == "floor" ? floor : quiver
        for level in levels {
            let requests = max(400, level * 4)
            var rounds: [ScaleRound] = []
            for _ in 0...options.scaleRounds {
                rounds.append(try await measureScaleRound(client, requests: requests, concurrency: level))
            }
            // The first round opened the connections.
            let cpu = median(rounds.dropFirst().map(\.cpuPerRequest))
            print("\(client.name), \(level) in flight: CPU \(format(cpu / 1_000, 1)) µs/req")
        }
        return
    }
    print("""
        Scale: GET \(fileURL.absoluteString), \(quiver.name) vs \(raw.name) (headers alike), one pool of \
        \(levels.max() ?? 1) connections each; \(options.scaleRounds) timed rounds per side and level, interleaved; \
        CPU = getrusage of the whole process; heap = glibc's bytes in use, peak during a round over before it, \
        per request in flight, from \(heapRounds) rounds of their own (sampling it costs CPU); \
        latency over every request of the level's timed rounds
        """)
    var rows = [["in flight", "req/round", "raw req/s", "Quiver req/s", "ratio", "raw CPU µs/req", "Quiver CPU µs/req",
                 "ratio", "floor CPU µs/req", "floor ×raw", "Quiver ×floor", "A/A", "raw heap KiB/in-flight",
                 "Quiver heap KiB/in-flight", "ratio", "raw p50/p99 ms", "Quiver p50/p99 ms"]]
    var verdicts: [String] = []
    var firstCPU: (raw: Double, quiver: Double)?
    for level in levels {
        let requests = max(400, level * 4)
        // Open the level's connections and warm its paths first.
        for client in [raw, quiver, floor, control] as [any LiveClient] {
            _ = try await measureScaleRound(client, requests: requests, concurrency: level)
        }
        // Timed rounds and heap rounds apart: glibc's mallinfo2 walks every arena under its lock,
        // so sampling the heap every 2 ms took 7% of the process's CPU at 256 in flight, counted
        // as CPU per request of both sides alike.
        var rawRounds: [ScaleRound] = []
        var quiverRounds: [ScaleRound] = []
        var rawHeapRounds: [ScaleRound] = []
        var quiverHeapRounds: [ScaleRound] = []
        var floorRounds: [ScaleRound] = []
        var controlRounds: [ScaleRound] = []
        for round in 0..<options.scaleRounds {
            // The four sides in turn, each round starting one further, so none always runs first.
            let sides: [any LiveClient] = [raw, quiver, floor, control]
            for turn in 0..<sides.count {
                let side = (round + turn) % sides.count
                let measured = try await measureScaleRound(sides[side], requests: requests, concurrency: level)
                switch side {
                case 0: rawRounds.append(measured)
                case 1: quiverRounds.append(measured)
                case 2: floorRounds.append(measured)
                default: controlRounds.append(measured)
                }
            }
        }
        // The heap, raw and Quiver only, in rounds of their own.
        for round in 0..<heapRounds {
            for isRaw in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                let measured = try await measureScaleRound(isRaw ? raw : quiver, requests: requests, concurrency: level,
                                                           samplingHeap: true)
                if isRaw {
                    rawHeapRounds.append(measured)
                } else {
                    quiverHeapRounds.append(measured)
                }
            }
        }
        let rawSummary = ScaleSummary(rawRounds, heap: rawHeapRounds)
        let quiverSummary = ScaleSummary(quiverRounds, heap: quiverHeapRounds)
        let speed = quiverSummary.requestsPerSecond / rawSummary.requestsPerSecond
        let cpu = median(zip(quiverRounds, rawRounds).map { $0.cpuPerRequest / $1.cpuPerRequest })
        let heap = quiverSummary.heapPerInFlight / max(rawSummary.heapPerInFlight, 1)
        let floorSummary = ScaleSummary(floorRounds, heap: [])
        let floorCPU = median(zip(floorRounds, rawRounds).map { $0.cpuPerRequest / $1.cpuPerRequest })
        let overFloor = median(zip(quiverRounds, floorRounds).map { $0.cpuPerRequest / $1.cpuPerRequest })
        let control = median(zip(controlRounds, rawRounds).map { $0.cpuPerRequest / $1.cpuPerRequest })
        rows.append([
            "\(level)", "\(requests)", format(rawSummary.requestsPerSecond, 0), format(quiverSummary.requestsPerSecond, 0),
            format(speed, 3), format(rawSummary.cpuPerRequest / 1_000, 1), format(quiverSummary.cpuPerRequest / 1_000, 1),
            format(cpu, 3), format(floorSummary.cpuPerRequest / 1_000, 1), format(floorCPU, 3), format(overFloor, 3),
            format(control, 3), format(rawSummary.heapPerInFlight / 1_024, 1), format(quiverSummary.heapPerInFlight / 1_024, 1),
            format(heap, 2), "\(format(rawSummary.p50 / 1e6, 2))/\(format(rawSummary.p99 / 1e6, 2))",
            "\(format(quiverSummary.p50 / 1e6, 2))/\(format(quiverSummary.p99 / 1e6, 2))",
        ])
        let first = firstCPU ?? (rawSummary.cpuPerRequest, quiverSummary.cpuPerRequest)
        firstCPU = first
        // Issue 34: at every level, ≥ 0.90 × raw throughput, ≤ 1.15 × raw CPU, heap per request in
        // flight within 2 × raw; how each side's cost per request grows from the first level.
        verdicts.append("""
            \(level) in flight: req/s \(format(speed, 3)) × raw (≥ 0.90: \(speed >= 0.9 ? "met" : "MISSED")), \
            CPU \(format(cpu, 3)) × raw (≤ 1.15: \(cpu <= 1.15 ? "met" : "MISSED")), \
            heap \(format(heap, 2)) × raw (≤ 2: \(heap <= 2 ? "met" : "MISSED")); \
            CPU/request vs \(levels.first ?? 1) in flight: raw \(format(rawSummary.cpuPerRequest / first.raw, 2)) ×, \
            Quiver \(format(quiverSummary.cpuPerRequest / first.quiver, 2)) ×; \
            floor \(format(floorCPU, 3)) × raw, Quiver \(format(overFloor, 3)) × floor; \
            A/A control \(format(control, 3)) × raw (within ±0.05: \(abs(control - 1) <= 0.05 ? "yes" : "NO, the run is noisy"))
            """)
    }
    printTable(rows)
    verdicts.forEach { print($0) }
}

/// One round of one side at one level.
struct ScaleRound {
    /// Process CPU per request, in nanoseconds.
    let cpuPerRequest: Double
    /// Wall-clock time of the round, in nanoseconds.
    let wall: Double
    let requests: Int
    /// Each request's time, in nanoseconds.
    let latencies: [Double]
    /// The heap's peak during the round over its size before, per request in flight, in bytes.
    let heapPerInFlight: Double
}

/// A side's rounds at one level, summed up.
struct ScaleSummary {
    let requestsPerSecond: Double
    let cpuPerRequest: Double
    let heapPerInFlight: Double
    let p50: Double
    let p99: Double

    /// Time, CPU and latency from the timed `rounds`, the heap from the `heap` rounds.
    init(_ rounds: [ScaleRound], heap: [ScaleRound]) {
        requestsPerSecond = Double(rounds.map(\.requests).reduce(0, +)) / (rounds.map(\.wall).reduce(0, +) / 1e9)
        cpuPerRequest = median(rounds.map(\.cpuPerRequest))
        heapPerInFlight = median(heap.map(\.heapPerInFlight))
        let latencies = rounds.flatMap(\.latencies).sorted()
        p50 = latencies.isEmpty ? .nan : latencies[latencies.count / 2]
        p99 = latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
    }
}

/// `requests` fetches by `concurrency` workers, each request timed; with `samplingHeap`, the heap
/// sampled meanwhile (its peak is 0 otherwise).
func measureScaleRound(_ client: any LiveClient, requests: Int, concurrency: Int,
                       samplingHeap: Bool = false) async throws -> ScaleRound {
    let sampler = samplingHeap ? HeapSampler() : nil
    let cpuStart = ProcessCPU.rusageNanoseconds()
    let wallStart = DispatchTime.now().uptimeNanoseconds
    let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
        for worker in 0..<concurrency {
            let share = workerShare(of: requests, worker: worker, among: concurrency)
            group.addTask {
                var times: [Double] = []
                times.reserveCapacity(share)
                for _ in 0..<share {
                    let start = DispatchTime.now().uptimeNanoseconds
                    try await client.fetch()
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start))
                }
                return times
            }
        }
        var all: [Double] = []
        all.reserveCapacity(requests)
        for try await times in group {
            all += times
        }
        return all
    }
    let wall = Double(DispatchTime.now().uptimeNanoseconds - wallStart)
    let cpu = Double(ProcessCPU.rusageNanoseconds() - cpuStart)
    let heapGrowth = sampler?.stop() ?? 0
    return ScaleRound(cpuPerRequest: cpu / Double(requests), wall: wall, requests: requests, latencies: latencies,
                      heapPerInFlight: Double(heapGrowth) / Double(concurrency))
}

/// Samples the C heap in use every 2 ms on a thread of its own, from its start until
/// ``stop()``, which returns the peak over the first sample.
final class HeapSampler: @unchecked Sendable {
    // `@unchecked Sendable`: `peak` and `isRunning` are read and written under `lock` only.
    private let lock = NSLock()
    private var peak = 0
    private var isRunning = true
    private let baseline = Int(quiver_heap_in_use())
    private let done = DispatchSemaphore(value: 0)

    init() {
        let thread = Thread { [self] in
            while true {
                let now = Int(quiver_heap_in_use())
                let running = lock.withLock {
                    peak = max(peak, now)
                    return isRunning
                }
                guard running else { break }
                usleep(2_000)
            }
            done.signal()
        }
        thread.start()
    }

    /// Stops sampling; the peak over the baseline, in bytes (0 if the heap never grew).
    func stop() -> Int {
        lock.withLock { isRunning = false }
        done.wait()
        return max(0, lock.withLock { peak } - baseline)
    }
}
