// swift-tools-version:6.2
// A client generated from an OpenAPI document (Sources/PetStore/openapi.yaml) by
// swift-openapi-generator's build plugin, sent through Quiver with QuiverClientTransport: token,
// logger and retry live against Quiver's fault server, stubs and a recorded fixture offline.
// Built and tested by Quiver's `scripts/test` (its warnings are errors, a setting of each target's
// own, so that Quiver, built once for every package of the test run, keeps the same flags).
import PackageDescription

let package = Package(
    name: "OpenAPIExample",
    platforms: [
        .macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8),
    ],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
        .package(name: "QuiverOpenAPI", path: "../../Integrations/QuiverOpenAPI"),
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    ],
    targets: [
        // The generated client and types, made at build time from openapi.yaml. Not ours: the
        // generator's code keeps its own warnings.
        .target(
            name: "PetStoreAPI",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The app's side: the generated client made with Quiver's transport, per-operation settings.
        .target(
            name: "PetStore",
            dependencies: [
                "PetStoreAPI",
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "QuiverOpenAPI", package: "QuiverOpenAPI"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .testTarget(
            name: "PetStoreTests",
            dependencies: [
                "PetStore", "PetStoreAPI",
                .product(name: "Quiver", package: "Quiver"),
                .product(name: "QuiverTesting", package: "Quiver"),
                .product(name: "QuiverOpenAPI", package: "QuiverOpenAPI"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
