import Foundation

/// A server for one test, in a process of its own: Python's `http.server` on 127.0.0.1 at a port
/// the system picks, serving the files of a folder. Stopped by its PID.
final class LocalServer {
    /// `http://127.0.0.1:<port>`.
    let baseURL: URL
    private let process = Process()

    /// The server said no port: its output, for the failure message.
    struct DidNotStart: Error {
        let output: String
    }

    /// Starts the server on `folder` and waits until it listens.
    init(serving folder: URL) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
                             "--directory", folder.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice   // its log of requests, which nobody reads
        try process.run()
        // Its first line, written once it listens:
        // "Serving HTTP on 127.0.0.1 port 41237 (http://127.0.0.1:41237/) ..."
        var firstLine = ""
        while !firstLine.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }   // it exited
            firstLine += String(decoding: chunk, as: UTF8.self)
        }
        let words = firstLine.split(separator: " ")
        guard let index = words.firstIndex(of: "port"), index + 1 < words.count, let port = Int(words[index + 1]),
              let url = URL(string: "http://127.0.0.1:\(port)") else {
            kill(process.processIdentifier, SIGKILL)
            throw DidNotStart(output: firstLine)
        }
        baseURL = url
    }

    /// Stops the server, by its PID, and waits for it to exit. SIGKILL, because SIGTERM may never
    /// arrive: on Linux the server inherits the blocked signals of the thread that started it, and
    /// Swift's concurrency threads block SIGTERM.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
