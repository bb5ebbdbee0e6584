// swift-tools-version:6.2
import CompilerPluginSupport
import PackageDescription

// Endpoints declared in one line each: `@Endpoints` on an enum of cases annotated `@GET`,
// `@POST`… writes the enum's `TargetType` conformance. Its own package, on swift-syntax, so that
// the Quiver core stays free of dependencies and users opt in; it depends on Quiver by path today.

// Warnings fail this package's own build; SwiftPM ignores the setting when the package is
// someone else's dependency.
let warningsAsErrors: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "QuiverMacros",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "QuiverMacros", targets: ["QuiverMacros"]),
    ],
    dependencies: [
        .package(name: "Quiver", path: "../.."),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    ],
    targets: [
        // The compiler plugin: reads the annotations, writes the conformance, reports mistakes.
        .macro(
            name: "QuiverMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            swiftSettings: warningsAsErrors
        ),
        // What users import: the macro declarations, and the query type the expansions use.
        .target(
            name: "QuiverMacros",
            dependencies: ["QuiverMacrosPlugin", .product(name: "Quiver", package: "Quiver")],
            swiftSettings: warningsAsErrors
        ),
        // Expansions and diagnostics, pinned as text.
        .testTarget(
            name: "QuiverMacrosPluginTests",
            dependencies: [
                "QuiverMacrosPlugin",
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
            ],
            swiftSettings: warningsAsErrors
        ),
        // Targets written with the macros, sent for real to the test run's httpbin.
        .testTarget(
            name: "QuiverMacrosTests",
            dependencies: ["QuiverMacros", .product(name: "Quiver", package: "Quiver")],
            swiftSettings: warningsAsErrors
        ),
    ],
    swiftLanguageModes: [.v6]
)
