// swift-tools-version:6.2
import PackageDescription

// Quiver's network logger as swift-log events. Its own package, so that the Quiver core stays
// free of dependencies; it depends on Quiver by path today and is ready to be published as a
// repository of its own.

// Warnings fail this package's own build; SwiftPM ignores the setting when the package is
// someone else's dependency.
let warningsAsErrors: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "QuiverLogging",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "QuiverLogging", targets: ["QuiverLogging"]),
    ],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        .target(
            name: "QuiverLogging",
            dependencies: [
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: warningsAsErrors
        ),
        .testTarget(
            name: "QuiverLoggingTests",
            dependencies: [
                "QuiverLogging",
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: warningsAsErrors
        ),
    ],
    swiftLanguageModes: [.v6]
)
