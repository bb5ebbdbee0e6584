// swift-tools-version:6.2
import PackageDescription

// Quiver's requests as swift-metrics counters, timers and meters. Its own package, so that the
// Quiver core stays free of dependencies; it depends on Quiver by path today and is ready to be
// published as a repository of its own.

// Warnings fail this package's own build; SwiftPM ignores the setting when the package is
// someone else's dependency.
let warningsAsErrors: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "QuiverMetrics",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "QuiverMetrics", targets: ["QuiverMetrics"]),
    ],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
    ],
    targets: [
        .target(
            name: "QuiverMetrics",
            dependencies: [
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: warningsAsErrors
        ),
        .testTarget(
            name: "QuiverMetricsTests",
            dependencies: [
                "QuiverMetrics",
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            swiftSettings: warningsAsErrors
        ),
    ],
    swiftLanguageModes: [.v6]
)
