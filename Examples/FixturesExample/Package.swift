// swift-tools-version:6.2
// An app-side package that applies Quiver's QuiverFixtures build plugin: its API target takes
// `sampleData` from `Sources/ExampleAPI/Fixtures/` (sample files only: it needs Quiver alone),
// its tests replay the recorded responses in `Tests/ExampleAPITests/Fixtures/` (with
// QuiverTesting), and its app-like `PetStoreClient` is tested as an app team would test it:
// what it sends (StubNetwork), how it behaves on a bad network (NetworkConditions), and how it
// follows a live feed replayed from a recorded stream at its recorded pace. Built and
// tested by Quiver's `scripts/test`, whose checks want it free of warnings: each target treats
// them as errors (a setting of its own, so that Quiver, built once for every package of the
// test run, is compiled with the same flags everywhere).
import PackageDescription

let package = Package(
    name: "FixturesExample",
    platforms: [
        .macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8),
    ],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
    ],
    targets: [
        .target(
            name: "ExampleAPI",
            dependencies: [.product(name: "Quiver", package: "Quiver")],
            exclude: ["Fixtures"],
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "QuiverFixtures", package: "Quiver")]
        ),
        .testTarget(
            name: "ExampleAPITests",
            // QuiverTesting: the recorded fixtures in Fixtures/ are `Fixture` values, replayed.
            dependencies: ["ExampleAPI", .product(name: "Quiver", package: "Quiver"),
                           .product(name: "QuiverTesting", package: "Quiver")],
            exclude: ["Fixtures"],
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "QuiverFixtures", package: "Quiver")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
