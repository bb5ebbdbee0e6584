// swift-tools-version:6.2
import PackageDescription

// Quiver's requests as swift-distributed-tracing spans. Its own package, so that the Quiver core
// stays free of dependencies; it depends on Quiver by path today and is ready to be published as
// a repository of its own.

// Warnings fail this package's own build; SwiftPM ignores the setting when the package is
// someone else's dependency.
let warningsAsErrors: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "QuiverTracing",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "QuiverTracing", targets: ["QuiverTracing"]),
    ],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
        .package(url: "https://github.com/apple/swift-distributed-tracing", exact: "1.7.3"),
    ],
    targets: [
        .target(
            name: "QuiverTracing",
            dependencies: [
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
            ],
            swiftSettings: warningsAsErrors
        ),
        .testTarget(
            name: "QuiverTracingTests",
            dependencies: [
                "QuiverTracing",
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: warningsAsErrors
        ),
    ],
    swiftLanguageModes: [.v6]
)
