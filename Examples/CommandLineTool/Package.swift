// swift-tools-version:6.2
// Command-line programs that wait for a request, one per pattern of the documentation's
// "In a command-line program" (Sources/Quiver/Quiver.docc/CallsAndCallbacks.md): each `main.swift`
// is the page's block, as written. The top-level code of a `main.swift` is main-actor code, so
// where its closures run decides whether the program finishes. Quiver's `scripts/test-examples`
// builds them in the Swift 6 language mode and runs each with a time limit: the three that work
// print the greeting and exit, and `SemaphoreInMainActorCode`, the pattern that hangs, must have
// Quiver report the wait on standard error. `Greeting` is stubbed: nothing goes to the network.
import PackageDescription

let programs = ["AwaitAtTopLevel", "SemaphoreAndClosureOfNoActor", "DispatchMain", "SemaphoreInMainActorCode"]

let package = Package(
    name: "CommandLineTool",
    platforms: [.macOS(.v12)],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
    ],
    targets: [
        .target(
            name: "Greetings",
            dependencies: [.product(name: "Quiver", package: "Quiver")],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ] + programs.map { program in
        .executableTarget(
            name: program,
            dependencies: ["Greetings", .product(name: "Quiver", package: "Quiver")],
            swiftSettings: [.treatAllWarnings(as: .error)]
        )
    },
    swiftLanguageModes: [.v6]
)
