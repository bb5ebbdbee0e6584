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
    ],
    targets: [
        .target(name: "Quiver"),
        .executableTarget(name: "quiver-demo", dependencies: ["Quiver"]),
        .testTarget(name: "QuiverTests", dependencies: ["Quiver"]),
    ],
    swiftLanguageModes: [.v6]
)
