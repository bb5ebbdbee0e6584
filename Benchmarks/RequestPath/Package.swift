// swift-tools-version: 6.1
import PackageDescription

// The request-path probe behind ARCHITECTURE.md's "The path of one request": one executable
// that sends `decode(_:from:)` with token + headers + logger on URLSessionTransport. Run it
// through `Benchmarks/request-path`, which builds it with coverage and lists the files of
// Sources/Quiver the request executed.
let package = Package(
    name: "RequestPath",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Quiver", path: "../../")],
    targets: [
        .executableTarget(name: "RequestPath", dependencies: [.product(name: "Quiver", package: "Quiver")]),
    ],
    swiftLanguageModes: [.v6]
)
