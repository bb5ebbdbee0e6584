// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Quiver",
    platforms: [
        .macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8),
    ],
    products: [
        .library(name: "Quiver", targets: ["Quiver"]),
        .executable(name: "quiver-demo", targets: ["quiver-demo"]),
        .plugin(name: "QuiverFixtures", targets: ["QuiverFixtures"]),
    ],
    targets: [
        .target(name: "Quiver"),
        .executableTarget(name: "quiver-demo", dependencies: ["Quiver"]),
        // Turns a target's Fixtures/ folder into Swift source; the tool of the QuiverFixtures plugin.
        .executableTarget(name: "QuiverFixturesGenerator", dependencies: ["Quiver"]),
        .plugin(name: "QuiverFixtures", capability: .buildTool(), dependencies: ["QuiverFixturesGenerator"]),
        .testTarget(name: "QuiverTests", dependencies: ["Quiver"]),
        .testTarget(name: "QuiverFixturesGeneratorTests", dependencies: ["QuiverFixturesGenerator"]),
    ],
    swiftLanguageModes: [.v6]
)
