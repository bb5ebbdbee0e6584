import Foundation
import OpenAPIRuntime

/// The test run's fault server (`QUIVER_FAULT_URL`, set by `scripts/test`). Under CI a missing
/// one fails the live tests instead of skipping them.
enum FaultServer {
    static let url = ProcessInfo.processInfo.environment["QUIVER_FAULT_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
    static let isAvailableOrRequired = url != nil || ProcessInfo.processInfo.environment["CI"] == "true"
}

/// The fixtures recorded from the live store (see `RecordingTests`), beside this file.
let fixturesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// Lines several tasks append to, read once they are done.
///
/// `@unchecked Sendable`: every access to `lines` holds `lock`.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ new: [String]) {
        lock.lock()
        defer { lock.unlock() }
        lines += new
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

extension HTTPBody {
    /// The whole body as text (at most 1 MiB).
    func text() async throws -> String {
        try await String(collecting: self, upTo: 1 << 20)
    }
}
