// swift-tools-version:6.2
import PackageDescription

// An HTTPTransport for Quiver on swift-server's AsyncHTTPClient. Its own package, so that the
// Quiver core stays free of dependencies; it depends on Quiver by path today and is ready to be
// published as a repository of its own.

// Warnings fail this package's own build; SwiftPM ignores the setting when the package is
// someone else's dependency.
let warningsAsErrors: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "QuiverAsyncHTTPClient",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "QuiverAsyncHTTPClient", targets: ["QuiverAsyncHTTPClient"]),
    ],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
    ],
    targets: [
        .target(
            name: "QuiverAsyncHTTPClient",
            dependencies: [
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: warningsAsErrors
        ),
        .testTarget(
            name: "QuiverAsyncHTTPClientTests",
            // Integration/ and TestSupport/ are links to the root package's own: the same
            // integration matrix runs here on AsyncHTTPClientTransport.
            dependencies: [
                "QuiverAsyncHTTPClient",
                .product(name: "Quiver", package: "Quiver"),
                // The linked suites check the transport with TransportConformance and record fixtures.
                .product(name: "QuiverTesting", package: "Quiver"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // The pinning tests read certificates and keys, and set a connection initializer.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: warningsAsErrors
        ),
    ],
    swiftLanguageModes: [.v6]
)
