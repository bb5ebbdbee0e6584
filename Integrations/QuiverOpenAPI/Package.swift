// swift-tools-version:6.2
import PackageDescription

// Quiver as the transport of a client that swift-openapi-generator writes: each generated
// operation runs through a Quiver provider (plugins, retry, credential refresh, stubs,
// fixtures). Its own package, so that the Quiver core stays free of dependencies; it depends on
// Quiver by path today and is ready to be published as a repository of its own.

// Warnings fail this package's own build; SwiftPM ignores the setting when the package is
// someone else's dependency.
let warningsAsErrors: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "QuiverOpenAPI",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "QuiverOpenAPI", targets: ["QuiverOpenAPI"]),
    ],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Tests only: the live suites run on AsyncHTTPClientTransport as well as URLSession.
        .package(name: "QuiverAsyncHTTPClient", path: "../QuiverAsyncHTTPClient"),
    ],
    targets: [
        .target(
            name: "QuiverOpenAPI",
            dependencies: [
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: warningsAsErrors
        ),
        .testTarget(
            name: "QuiverOpenAPITests",
            dependencies: [
                "QuiverOpenAPI",
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "QuiverTesting", package: "Quiver"),
                .product(name: "QuiverAsyncHTTPClient", package: "QuiverAsyncHTTPClient"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: warningsAsErrors
        ),
    ],
    swiftLanguageModes: [.v6]
)
