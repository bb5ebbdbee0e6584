import Foundation

/// A fault server (`scripts/fault_server.py`) of the test's own, which the test stops and starts
/// again on the same port: an upstream that goes away for a moment.
final class UpstreamServer: @unchecked Sendable {
    // `@unchecked Sendable`: `pid` is read and written under `lock` only.
    private let lock = NSLock()
    private var pid: pid_t?
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

    /// Kills the server (SIGKILL: an upstream that crashes is the harder case) and reaps it.
    func stop() {
        let running = lock.withLock { () -> pid_t? in
            defer { pid = nil }
            return pid
        }
        guard let running else { return }
        kill(running, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(running, &status, 0)
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

    /// Starts `fault_server.py` on `port` (0: a free one), its output thrown away, and returns the
    /// port it listens on.
    ///
    /// Spawned with `posix_spawnp` rather than Foundation's `Process`, which opens run loop
    /// descriptors on the threads that use it: the test counts descriptors.
    private func launch(port: Int) throws -> Int {
        let portFile = directory.appendingPathComponent("ports-\(UUID().uuidString)")
        let arguments = ["env", "python3", Self.script.path, "--port-file", portFile.path, "--port", "\(port)"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, "env", &actions, nil, &argv, environ)
        guard spawned == 0 else {
            throw UpstreamServerError(message: "could not start the fault server (posix_spawnp: \(spawned))")
        }
        lock.withLock { pid = child }
        for _ in 0..<200 {
            if let text = try? String(contentsOf: portFile, encoding: .utf8),
               let main = text.split(separator: " ").first.flatMap({ Int($0) }) {
                return main
            }
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
