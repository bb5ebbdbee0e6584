import Foundation
import Quiver

/// Reading and writing fixture files.
enum FixtureFiles {
    /// One writer at a time in this process, so that concurrent recordings of one endpoint
    /// never interleave; each file is written atomically besides.
    private static let writing = NSLock()

    static func write(_ fixture: Fixture, to file: URL, overwriting: Bool) throws {
        let data = try fixture.fileData()
        writing.lock()
        defer { writing.unlock() }
        if !overwriting, FileManager.default.fileExists(atPath: file.path) { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
    }

    static func read(_ file: URL) throws(FixtureError) -> Fixture {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .missing(file)
        }
        do {
            return try Fixture(fileData: data)
        } catch {
            throw .unreadable(file, error)
        }
    }
}
