// swift-tools-version:6.2
// A small Hummingbird service that calls an upstream API (Quiver's fault server in the tests)
// through Quiver for each of its own requests: one HTTPClient shared through
// QuiverServiceLifecycle's HTTPClientService on the server's event loop group, a token plugin and
// retry, a graceful shutdown that lets requests in flight finish. Built and tested by Quiver's
// `scripts/test` (its own targets treat warnings as errors).
import PackageDescription

let package = Package(
    name: "GatewayService",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
        .package(name: "QuiverServiceLifecycle", path: "../../Integrations/QuiverServiceLifecycle"),
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
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        // `swift run pet-gateway --upstream URL`: the service on its own, until SIGTERM or SIGINT.
        .executableTarget(
            name: "pet-gateway",
            dependencies: ["PetGateway"],
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
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
