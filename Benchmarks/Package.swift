// swift-tools-version: 6.1
import PackageDescription

// Quiver's benchmarks live in their own package so that the library itself stays free of
// dependencies. Run them with `Benchmarks/run` (see CONTRIBUTING.md, "Benchmarks").
let package = Package(
    name: "QuiverBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Quiver", path: "../"),
        // package-benchmark under its current name: with the old URL (ordo-one/package-benchmark)
        // its plugin prints a deprecation warning on every run. The trait keeps malloc counting
        // on and leaves out the Linux runtime interposer, which this machine does not provide.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // The AsyncHTTPClient transport beside URLSession (`Benchmarks/run --live --async-http-client`),
        // and raw HTTPClient as its baseline.
        .package(name: "QuiverAsyncHTTPClient", path: "../Integrations/QuiverAsyncHTTPClient"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        // A generated OpenAPI client on Quiver's transport against swift-openapi-urlsession's
        // (`Benchmarks/run --live --openapi`).
        .package(name: "QuiverOpenAPI", path: "../Integrations/QuiverOpenAPI"),
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
        // HTTPRequest, the request value of the floor client `QuiverLive --scale` runs beside raw
        // and Quiver (issue 50).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        // NIO's file system, for raw HTTPClient streaming a file up and down (Benchmarks/transfers).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // Targets, plugins and payloads shared by both benchmark executables.
        .target(
            name: "BenchSupport",
            dependencies: [.product(name: "Quiver", package: "Quiver")]
        ),
        // The C heap in use (glibc's mallinfo2), for the memory per request in flight of
        // `QuiverLive --scale`.
        .target(name: "CHeapStats"),
        // The client swift-openapi-generator writes for the one operation QuiverLive fetches.
        .target(
            name: "BenchOpenAPI",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // package-benchmark suites must live under Benchmarks/ to be discovered.
        .executableTarget(
            name: "QuiverBenchmarks",
            dependencies: [
                "BenchSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Quiver", package: "Quiver"),
                // Replaying fixtures (StubbedPipeline).
                .product(name: "QuiverTesting", package: "Quiver"),
            ],
            path: "Benchmarks/QuiverBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The live comparison against raw URLSession: a plain executable, because it needs
        // raw and Quiver rounds interleaved in one process and a ratio computed across them.
        .executableTarget(
            name: "QuiverLive",
            dependencies: [
                "BenchSupport",
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "QuiverAsyncHTTPClient", package: "QuiverAsyncHTTPClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                "BenchOpenAPI",
                "CHeapStats",
                .product(name: "QuiverOpenAPI", package: "QuiverOpenAPI"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // One large transfer per process, so that `/usr/bin/time -v` reports its peak RSS:
        // driven by Benchmarks/transfers.
        // With `--async-http-client`, the same transfers through AsyncHTTPClientTransport and
        // through raw HTTPClient streaming with NIO's file system.
        .executableTarget(
            name: "QuiverTransfers",
            dependencies: [
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "QuiverAsyncHTTPClient", package: "QuiverAsyncHTTPClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "_NIOFileSystem", package: "swift-nio"),
            ]
        ),
        // One large streamed response per process, driven by Benchmarks/streaming.
        .executableTarget(
            name: "QuiverStreaming",
            dependencies: [.product(name: "Quiver", package: "Quiver")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
