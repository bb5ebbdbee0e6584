import BenchSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// QuiverLive: CPU per request of a Provider with three plugins against raw URLSession, on a
// local nginx, sequential and with 16 requests in flight. `Benchmarks/run` starts nginx and
// passes its URL; `--print-body` gives the file nginx serves.

let options = LiveOptions(CommandLine.arguments.dropFirst())
if options.printBody {
    FileHandle.standardOutput.write(SmallBody.data)
    exit(0)
}

let fileURL = options.baseURL.appendingPathComponent("user.json")
let raw: any LiveClient
let provider: any LiveClient
/// With `--builtin-plugins --cache`: the same provider with a cache every request misses,
/// measured in the same rotation as the other two.
var cached: (any LiveClient)?
if options.openAPI {
    // One generated operation, decoded, on swift-openapi-urlsession's transport and on Quiver's.
    raw = GeneratedClient.urlSession(serverURL: options.baseURL)
    provider = GeneratedClient.quiver(serverURL: options.baseURL)
} else if options.asyncHTTPClient {
    // Both sides on AsyncHTTPClient, configured alike; the raw side sends the plugins' headers.
    // With --builtin-plugins --cache, a third side has a cache that every request misses, as below.
    let misses = options.builtinPlugins && options.cacheMisses
    var rawClient = RawHTTPClientClient(url: fileURL.absoluteString,
                                        headers: options.builtinPlugins ? BuiltinProviderClient.headers(tokenLength: options.tokenLength) : [])
    rawClient.numbers = misses ? Numbers() : nil
    raw = rawClient
    provider = AsyncHTTPClientProviderClient(baseURL: options.baseURL, builtinPlugins: options.builtinPlugins,
                                             tokenLength: options.tokenLength, numbered: misses)
    if misses {
        cached = AsyncHTTPClientProviderClient(baseURL: options.baseURL, builtinPlugins: true, tokenLength: options.tokenLength,
                                               numbered: true, cache: true)
    }
} else if options.builtinPlugins {
    // Both sides without an HTTP cache: what URLSessionTransport() does by default. With
    // --cache, a third side has a cache that every request misses, and all three ask a URL of
    // their own each time.
    var rawClient = RawClient(url: fileURL, headers: BuiltinProviderClient.headers(tokenLength: options.tokenLength),
                              configuration: .withoutCache)
    rawClient.numbers = options.cacheMisses ? Numbers() : nil
    raw = rawClient
    provider = BuiltinProviderClient(baseURL: options.baseURL, tokenLength: options.tokenLength,
                                     numbered: options.cacheMisses)
    if options.cacheMisses {
        cached = BuiltinProviderClient(baseURL: options.baseURL, tokenLength: options.tokenLength,
                                       numbered: true, cache: true)
    }
} else {
    raw = RawClient(url: fileURL)
    provider = ProviderClient(target: LiveUser(baseURL: options.baseURL))
}

if options.scale {
    try await runScale(options, fileURL: fileURL)
    exit(0)
}

// Open the connections and warm every first-use path (libcurl handles, the sessions' queues,
// Foundation's caches) before anything is measured.
for client in [raw, provider] + (cached.map { [$0] } ?? []) as [any LiveClient] {
    try await fetch(client, requests: options.requests, concurrency: 1)
    try await fetch(client, requests: options.concurrentRequests, concurrency: options.concurrency)
}

if options.split, options.asyncHTTPClient {
    // Raw HTTPClient, raw plus the HTTPURLResponse every transport builds, the transport alone, a
    // provider on it without plugins, the transport alone with a deadline (what a target's
    // timeout costs).
    try await runSplit(options, layers: [raw, RawHTTPClientHeadClient(url: fileURL),
                                         AsyncHTTPClientTransportClient(url: fileURL), provider,
                                         AsyncHTTPClientTransportClient(url: fileURL, timeout: 60)])
    exit(0)
}
if options.split {
    guard let stamped = provider as? ProviderClient else {
        FileHandle.standardError.write(Data("QuiverLive: --split measures the three stamping plugins; drop --builtin-plugins\n".utf8))
        exit(64)
    }
    guard let raw = raw as? RawClient else {
        FileHandle.standardError.write(Data("QuiverLive: --split measures URLSession; drop --async-http-client\n".utf8))
        exit(64)
    }
    try await runSplit(options, layers: splitLayers(fileURL: fileURL, raw: raw, provider: stamped))
    exit(0)
}

let sequential = try await Comparison.run("sequential", raw: raw, provider: provider, cached: cached,
                                          rounds: options.rounds, requests: options.requests, concurrency: 1)
let concurrent = try await Comparison.run("\(options.concurrency) in flight", raw: raw, provider: provider, cached: cached,
                                          rounds: options.rounds, requests: options.concurrentRequests,
                                          concurrency: options.concurrency)
printReport([sequential, concurrent], options: options)
