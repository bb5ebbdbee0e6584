// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Quiver",
    platforms: [
        .macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8),
    ],
    products: [
        .library(name: "Quiver", targets: ["Quiver"]),
        // Tools for testing with Quiver: scripted stubs, record and replay, transport conformance.
        .library(name: "QuiverTesting", targets: ["QuiverTesting"]),
        .executable(name: "quiver-demo", targets: ["quiver-demo"]),
        .plugin(name: "QuiverFixtures", targets: ["QuiverFixtures"]),
    ],
    targets: [
        .target(name: "Quiver"),
        .target(name: "QuiverTesting", dependencies: ["Quiver"]),
        .executableTarget(name: "quiver-demo", dependencies: ["Quiver"]),
        // Turns a target's Fixtures/ folder into Swift source; the tool of the QuiverFixtures plugin.
        .executableTarget(name: "QuiverFixturesGenerator", dependencies: ["QuiverTesting"]),
        .plugin(name: "QuiverFixtures", capability: .buildTool(), dependencies: ["QuiverFixturesGenerator"]),
        .testTarget(name: "QuiverTests", dependencies: ["Quiver", "QuiverTesting"]),
        // TestSupport/ is a link to QuiverTests' own helpers.
        .testTarget(name: "QuiverTestingTests", dependencies: ["QuiverTesting", "Quiver"]),
        .testTarget(name: "QuiverFixturesGeneratorTests", dependencies: ["QuiverFixturesGenerator"]),
    ],
    swiftLanguageModes: [.v6]
)
