// swift-tools-version:6.2
import PackageDescription

// Combine publishers for Quiver's providers, as CombineMoya has for Moya. Combine on Apple
// platforms; OpenCombine elsewhere (Linux), so that the package builds and is tested there.
// Its own package, so that the Quiver core stays free of dependencies; it depends on Quiver by
// path today and is ready to be published as a repository of its own.

// Warnings fail this package's own build; SwiftPM ignores the setting when the package is
// someone else's dependency.
let warningsAsErrors: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// Where Combine is missing and OpenCombine stands in.
let withoutCombine: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]

let package = Package(
    name: "QuiverCombine",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "QuiverCombine", targets: ["QuiverCombine"]),
    ],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .target(
            name: "QuiverCombine",
            dependencies: [
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: withoutCombine)),
            ],
            swiftSettings: warningsAsErrors
        ),
        .testTarget(
            name: "QuiverCombineTests",
            dependencies: [
                "QuiverCombine",
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: withoutCombine)),
            ],
            swiftSettings: warningsAsErrors
        ),
    ],
    swiftLanguageModes: [.v6]
)
