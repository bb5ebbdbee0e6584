import BenchSupport
import Foundation

/// The command line of `QuiverLive`.
struct LiveOptions {
    var baseURL = URL(string: "http://127.0.0.1:8080")!
    /// Rounds per side and mode. Many short rounds rather than a few long ones: a burst of
    /// load from elsewhere on the machine then spoils a few pairs, and the median ignores them.
    /// With 24, the median ratio with 16 in flight still moved by about 2% from run to run.
    var rounds = 40
    var requests = 300
    var concurrentRequests = 800
    var concurrency = 16
    /// Print the body nginx should serve and exit, so that nginx and the stubs answer with the
    /// same bytes.
    var printBody = false
    /// Measure layer by layer, from raw URLSession to the provider with 3 plugins, instead.
    var split = false
    /// Compare the built-in plugins users install (token of ``tokenLength`` characters,
    /// headers, logger) over the default transport, instead of three stamping plugins.
    var builtinPlugins = false
    /// Compare over AsyncHTTPClient: raw `HTTPClient` against a provider on
    /// `AsyncHTTPClientTransport` (no plugins, or the built-in ones with `--builtin-plugins`).
    var asyncHTTPClient = false
    /// Compare a generated OpenAPI operation on `QuiverClientTransport` against the same on
    /// swift-openapi-urlsession's transport.
    var openAPI = false
    /// Measure AsyncHTTPClient with the built-in plugins against raw `HTTPClient` at several
    /// numbers of requests in flight (``scaleLevels``) instead.
    var scale = false
    /// With `--scale`: the numbers of requests in flight.
    var scaleLevels = [1, 16, 256, 1_024]
    /// With `--scale`: rounds per side and level.
    var scaleRounds = 8
    /// With `--scale`: only these of the built-in plugins (some of ``BuiltinPlugins/names``, or
    /// `none`), to see what each costs; raw `HTTPClient` sends the header fields they set.
    var scalePlugins = BuiltinPlugins.names
    /// With `--scale`: compare `AsyncHTTPClientTransport` alone, sent one request made once,
    /// instead of a provider (raw sends no header fields then).
    var scaleTransportAlone = false
    /// With `--scale`: run only this side (`raw`, `quiver` or `floor`), for a profiler, and print its CPU
    /// per request at each level.
    var scaleSide: String?
    /// With `--builtin-plugins` (on URLSession, or with `--async-http-client` on
    /// AsyncHTTPClient): a third side, the same provider with an ``HTTPCache``, runs in
    /// the same rotation, and all three ask a URL of their own each time (`user.json?n=…`):
    /// every request of the third a miss that is then stored, what the cache costs a request it
    /// cannot answer, read against the provider without one in the same run.
    var cacheMisses = false
    /// With `--builtin-plugins`: the access token's length (a JWT is about 200).
    var tokenLength = 200
    /// With `--split`: run only this layer, unmeasured, for a profiler.
    var layer: Int?
    /// With `--split`: measure only these layers (raw, layer 0, always first).
    var layers: [Int]?

    init(_ arguments: ArraySlice<String>) {
        var arguments = arguments
        while let flag = arguments.popFirst() {
            if flag == "--print-body" {
                printBody = true
                continue
            }
            if flag == "--split" {
                split = true
                continue
            }
            if flag == "--async-http-client" {
                asyncHTTPClient = true
                continue
            }
            if flag == "--scale" {
                scale = true
                continue
            }
            if flag == "--scale-transport-alone" {
                scaleTransportAlone = true
                continue
            }
            if flag == "--openapi" {
                openAPI = true
                continue
            }
            if flag == "--cache" {
                cacheMisses = true
                continue
            }
            if flag == "--builtin-plugins" {
                builtinPlugins = true
                continue
            }
            guard let value = arguments.popFirst() else { Self.usage("\(flag) needs a value") }
            switch flag {
            case "--base-url":
                guard let url = URL(string: value) else { Self.usage("not a URL: \(value)") }
                baseURL = url
            case "--rounds": rounds = Self.count(value)
            case "--requests": requests = Self.count(value)
            case "--concurrent-requests": concurrentRequests = Self.count(value)
            case "--concurrency": concurrency = Self.count(value)
            case "--token-length": tokenLength = Self.count(value)
            case "--scale-rounds": scaleRounds = Self.count(value)
            case "--scale-plugins":
                let names = value == "none" ? [] : value.split(separator: ",").map(String.init)
                guard names.allSatisfy(BuiltinPlugins.names.contains) else {
                    Self.usage("not a list of token, headers, logger (or none): \(value)")
                }
                scalePlugins = names
            case "--scale-side":
                guard ["raw", "quiver", "floor"].contains(value) else { Self.usage("not raw, quiver or floor: \(value)") }
                scaleSide = value
            case "--levels":
                let levels = value.split(separator: ",").map { Int($0) ?? 0 }
                guard !levels.isEmpty, levels.allSatisfy({ $0 > 0 }) else { Self.usage("not a list of counts: \(value)") }
                scaleLevels = levels
            case "--layers":
                let indices = value.split(separator: ",").map { Int($0) }
                guard !indices.isEmpty, indices.allSatisfy({ ($0 ?? -1) >= 0 }) else { Self.usage("not a list of layer numbers: \(value)") }
                layers = indices.compactMap { $0 }
            case "--layer":
                guard let index = Int(value), index >= 0 else { Self.usage("not a layer number: \(value)") }
                layer = index
            default: Self.usage("unknown option \(flag)")
            }
        }
    }

    private static func count(_ text: String) -> Int {
        guard let value = Int(text), value > 0 else { usage("not a positive count: \(text)") }
        return value
    }

    private static func usage(_ problem: String) -> Never {
        FileHandle.standardError.write(Data("""
            QuiverLive: \(problem)
            usage: QuiverLive --base-url URL [--openapi | --async-http-client] [--builtin-plugins [--cache]] [--rounds N] [--requests N] [--concurrent-requests N] [--concurrency N]
                   QuiverLive --base-url URL --split [--layer N | --layers N,M,…] [same options]
                   QuiverLive --base-url URL --scale [--levels 1,16,256,1024] [--scale-rounds N] [--scale-plugins token,headers,logger|none | --scale-transport-alone] [--scale-side raw|quiver|floor] [--token-length N]
                   QuiverLive --print-body

            """.utf8))
        exit(64)
    }
}
