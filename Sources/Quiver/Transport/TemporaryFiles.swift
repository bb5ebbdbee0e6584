import Foundation

/// The temporary files Quiver makes (multipart bodies, downloads in progress): named
/// `quiver-<uuid>.<kind>` in the system's temporary folder, and always removed by Quiver.
enum TemporaryFiles {
    /// A new, empty file for `kind` (`"multipart"`, `"download"`).
    static func make(_ kind: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("quiver-\(UUID().uuidString).\(kind)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return url
    }

    /// Removes `url`, if it is still there.
    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
