// swift-tools-version:6.2
import PackageDescription

// Quiver in a server's lifecycle: the HTTPClient that providers share, owned by a
// swift-service-lifecycle Service that drains in-flight requests on shutdown. Its own package, so
// that the Quiver core stays free of dependencies; it depends on Quiver and its AsyncHTTPClient
// transport by path today.

// Warnings fail this package's own build; SwiftPM ignores the setting when the package is
// someone else's dependency.
let warningsAsErrors: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "QuiverServiceLifecycle",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "QuiverServiceLifecycle", targets: ["QuiverServiceLifecycle"]),
    ],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
        .package(name: "QuiverAsyncHTTPClient", path: "../QuiverAsyncHTTPClient"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "QuiverServiceLifecycle",
            dependencies: [
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "QuiverAsyncHTTPClient", package: "QuiverAsyncHTTPClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: warningsAsErrors
        ),
        .testTarget(
            name: "QuiverServiceLifecycleTests",
            dependencies: [
                "QuiverServiceLifecycle",
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
            ],
            swiftSettings: warningsAsErrors
        ),
    ],
    swiftLanguageModes: [.v6]
)
