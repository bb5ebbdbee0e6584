import Foundation

/// A fault server (`scripts/fault_server.py`) of the test's own, which the test stops and starts
/// again on the same port: an upstream that goes away for a moment.
final class UpstreamServer: @unchecked Sendable {
    // `@unchecked Sendable`: `process` is read and written under `lock` only.
    private let lock = NSLock()
    private var process: Process?
    private let directory: URL
    /// The server's URL, the same across restarts.
    private(set) var url: URL

    /// The repository's `scripts/fault_server.py`, above `Examples/GatewayService/Tests/PetGatewayTests/`.
    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/fault_server.py")

    /// Starts a server on a free port of 127.0.0.1.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("quiver-gateway-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = URL(string: "http://127.0.0.1:0")!
        let port = try launch(port: 0)
        url = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Kills the server (SIGKILL: the process of a test inherits a signal mask that may block
    /// SIGTERM, and an upstream that crashes is the harder case) and waits for it to exit.
    func stop() {
        let running = lock.withLock { () -> Process? in
            defer { process = nil }
            return process
        }
        guard let running, running.isRunning else { return }
        kill(running.processIdentifier, SIGKILL)
        running.waitUntilExit()
    }

    /// Starts the server again on its port.
    func restart() throws {
        _ = try launch(port: url.port ?? 0)
    }

    /// Stops the server and removes its files.
    func tearDown() {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts `fault_server.py` on `port` (0: a free one) and returns the port it listens on.
    private func launch(port: Int) throws -> Int {
        let portFile = directory.appendingPathComponent("ports-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, "--port-file", portFile.path, "--port", "\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        lock.withLock { self.process = process }
        for _ in 0..<200 {
            if let text = try? String(contentsOf: portFile, encoding: .utf8),
               let main = text.split(separator: " ").first.flatMap({ Int($0) }) {
                return main
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop()
        throw UpstreamServerError(message: "the fault server did not start on port \(port)")
    }
}

struct UpstreamServerError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
