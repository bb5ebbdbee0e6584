import Foundation

/// The temporary files Quiver makes (multipart bodies, downloads in progress): named
/// `quiver-<uuid>.<kind>` in the system's temporary folder, and always removed by Quiver.
package enum TemporaryFiles {
    /// A new, empty file for `kind` (`"multipart"`, `"download"`).
    static func make(_ kind: String) throws -> URL {
        let url = name(kind)
        try create(url)
        return url
    }

    /// A name for a new file of `kind`, not created yet.
    package static func name(_ kind: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("quiver-\(UUID().uuidString).\(kind)")
    }

    /// Creates an empty file at `url`, emptying the one there.
    static func create(_ url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// Removes `url`, if it is still there.
    package static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
