// swift-tools-version:6.2
// A small Hummingbird service that calls an upstream API (Quiver's fault server in the tests)
// through Quiver for each of its own requests: one HTTPClient shared through
// QuiverServiceLifecycle's HTTPClientService on the server's event loop group, a token plugin and
// retry, a span per upstream attempt under the server's own (QuiverTracing), metrics of both
// exported at /metrics for Prometheus (QuiverMetrics, swift-prometheus), a graceful shutdown that
// lets requests in flight finish. Built and tested by Quiver's `scripts/test` (its own targets
// treat warnings as errors).
import PackageDescription

let package = Package(
    name: "GatewayService",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
        .package(name: "QuiverServiceLifecycle", path: "../../Integrations/QuiverServiceLifecycle"),
        .package(name: "QuiverTracing", path: "../../Integrations/QuiverTracing"),
        .package(name: "QuiverMetrics", path: "../../Integrations/QuiverMetrics"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", exact: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
    ],
    targets: [
        // The service: its routes and how it is put together.
        .target(
            name: "PetGateway",
            dependencies: [
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "QuiverServiceLifecycle", package: "QuiverServiceLifecycle"),
                .product(name: "QuiverTracing", package: "QuiverTracing"),
                .product(name: "QuiverMetrics", package: "QuiverMetrics"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        // `swift run pet-gateway --upstream URL`: the service on its own, until SIGTERM or SIGINT.
        .executableTarget(
            name: "pet-gateway",
            dependencies: [
                "PetGateway",
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .testTarget(
            name: "PetGatewayTests",
            dependencies: [
                "PetGateway",
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "QuiverServiceLifecycle", package: "QuiverServiceLifecycle"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
