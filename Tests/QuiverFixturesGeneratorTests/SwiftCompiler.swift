import Foundation

/// Runs the Swift compiler (or a program it built) from a test, to check that generated source
/// compiles rather than only comparing its text.
enum SwiftCompiler {
    /// Runs `executable` with `arguments`, and returns its exit status and its output (standard
    /// output and standard error together).
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Type-checks `source` with `-warnings-as-errors`, in a temporary folder removed afterwards.
    ///
    /// - Returns: The compiler's exit status and diagnostics.
    static func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiver-tests-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Generated.swift")
        try Data(source.utf8).write(to: file)
        return try run("/usr/bin/env", ["swiftc", "-typecheck", "-warnings-as-errors", "-swift-version", "6", file.path])
    }
}
