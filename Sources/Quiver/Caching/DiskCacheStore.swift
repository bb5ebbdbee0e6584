import Foundation

/// Keeps an ``HTTPCache``'s entries in files in a directory the user named, bounded in bytes.
///
/// - **Nothing on disk until asked**: the directory is created (owner only, `0700`) on the first
///   save; each entry is a file of its own (`0600`), in a folder per resource:
///   `<resource digest>/<identity digest>-<variant digest>.qvc`. Names are digests only.
/// - **Atomic**: an entry is written to a temporary file in its folder, then renamed over the
///   old one: a reader (another store, another process) sees the old entry or the new one,
///   never half of one, and never reads a temporary file.
/// - **Checked**: a truncated, corrupt or foreign file (see ``CacheEntryFile``) is a miss and is
///   removed.
/// - **Bounded**: after a save that brings the store's running count past the capacity, the
///   directory is measured and the least recently used files (by modification time; a read
///   touches its file) are removed until the entries take at most the capacity. Other processes
///   writing to the same directory are counted at that measurement.
/// - **Only its own**: it removes only files and folders named as it names them; anything else in
///   the directory is left alone.
final class DiskCacheStore: CacheStore {
    /// The directory.
    let directory: URL
    /// The most bytes the entry files may take.
    let capacity: Int
    /// The bytes the entry files take, as last measured and counted since; `nil` until measured.
    private let counted = Locked<Int?>(nil)

    /// The suffix of entry files.
    static let suffix = ".qvc"

    /// Creates a store in `directory` of `capacity` bytes; creates nothing yet.
    init(directory: URL, capacity: Int) {
        self.directory = directory
        self.capacity = capacity
    }

    var byteCount: Int {
        counted.withLock { $0 } ?? measure().reduce(0) { $0 + $1.size }
    }

    func entries(for key: CacheKey) -> [CacheEntry] {
        let folder = folder(of: key.resource)
        let prefix = key.identity.hex + "-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasPrefix(prefix) && Self.isEntryName($0) }.compactMap { name in
            let file = folder.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: file) else { return nil }
            guard data.count <= capacity, let decoded = CacheEntryFile.decode(data, expecting: key),
                  file.lastPathComponent == Self.fileName(key: key, variant: decoded.entry.variant) else {
                // Damaged, foreign or misfiled: a miss, and gone.
                try? FileManager.default.removeItem(at: file)
                return nil
            }
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
            return decoded.entry
        }
    }

    func save(_ entry: CacheEntry, for key: CacheKey) {
        let data = CacheEntryFile.encode(entry, for: key)
        guard data.count <= capacity else { return }
        let folder = folder(of: key.resource)
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o700])
            try manager.createDirectory(at: folder, withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o700])
            let temporary = folder.appendingPathComponent(".tmp-\(UUID().uuidString)")
            guard manager.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else { return }
            let file = folder.appendingPathComponent(Self.fileName(key: key, variant: entry.variant))
            if rename(temporary.path, file.path) != 0 {
                try? manager.removeItem(at: temporary)
                return
            }
        } catch {
            return   // A cache that cannot write stores nothing; the request is not failed for it.
        }
        let total = counted.withLock { count -> Int? in
            guard let known = count else { return nil }
            count = known + data.count
            return count
        }
        if total.map({ $0 > capacity }) ?? true {
            evict()
        }
    }

    func remove(_ variant: CacheVariantKey, for key: CacheKey) {
        try? FileManager.default.removeItem(at: folder(of: key.resource).appendingPathComponent(Self.fileName(key: key, variant: variant)))
    }

    func removeEntries(of resource: CacheDigest) {
        let folder = folder(of: resource)
        // Renamed away first, so that a reader sees the whole folder or none of it.
        let doomed = directory.appendingPathComponent(".gone-\(UUID().uuidString)")
        guard rename(folder.path, doomed.path) == 0 else { return }
        removeOwnFiles(in: doomed)
        try? FileManager.default.removeItem(at: doomed)
        counted.withLock { $0 = nil }
    }

    func removeAll() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where Self.isResourceFolderName(name) || name.hasPrefix(".gone-") {
            let folder = directory.appendingPathComponent(name)
            removeOwnFiles(in: folder)
            // Removed only when nothing of anyone else's is left in it.
            if (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
                try? manager.removeItem(at: folder)
            }
        }
        counted.withLock { $0 = nil }
    }

    /// Removes the files this store's format names (entries and its temporary files) in `folder`.
    private func removeOwnFiles(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where Self.isEntryName(name) || name.hasPrefix(".tmp-") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Measures the entry files and removes the least recently used until they fit.
    private func evict() {
        var files = measure().sorted { $0.modified < $1.modified }
        var total = files.reduce(0) { $0 + $1.size }
        while total > capacity, !files.isEmpty {
            let oldest = files.removeFirst()
            try? FileManager.default.removeItem(at: oldest.url)
            total -= oldest.size
        }
        counted.withLock { $0 = total }
    }

    /// Every entry file in the directory, with its size and modification time.
    private func measure() -> [(url: URL, size: Int, modified: Date)] {
        let manager = FileManager.default
        guard let folders = try? manager.contentsOfDirectory(atPath: directory.path) else { return [] }
        var files: [(url: URL, size: Int, modified: Date)] = []
        for folder in folders where Self.isResourceFolderName(folder) {
            let path = directory.appendingPathComponent(folder)
            for name in (try? manager.contentsOfDirectory(atPath: path.path)) ?? [] where Self.isEntryName(name) {
                let file = path.appendingPathComponent(name)
                guard let attributes = try? manager.attributesOfItem(atPath: file.path) else { continue }
                files.append((file, (attributes[.size] as? NSNumber)?.intValue ?? 0,
                              (attributes[.modificationDate] as? Date) ?? .distantPast))
            }
        }
        return files
    }

    /// The folder of `resource`'s entries.
    private func folder(of resource: CacheDigest) -> URL {
        directory.appendingPathComponent(resource.hex, isDirectory: true)
    }

    /// The file name of the entry of `variant` under `key`.
    static func fileName(key: CacheKey, variant: CacheVariantKey) -> String {
        key.identity.hex + "-" + digest(of: variant).hex + suffix
    }

    /// A digest naming a variant key.
    static func digest(of variant: CacheVariantKey) -> CacheDigest {
        var bytes: [UInt8] = [variant.matchesNothing ? 1 : 0]
        for field in variant.fields {
            bytes += Array(field.name.utf8) + [0]
            bytes += field.value?.bytes ?? [0]
            bytes.append(0xff)
        }
        return CacheDigest(of: bytes)
    }

    /// Whether `name` is a resource folder's: 64 lowercase hexadecimal digits.
    static func isResourceFolderName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy(isHexDigit)
    }

    /// Whether `name` is an entry file's: two digests joined by `-`, then the suffix.
    static func isEntryName(_ name: String) -> Bool {
        guard name.hasSuffix(suffix) else { return false }
        let stem = name.utf8.dropLast(suffix.utf8.count)
        return stem.count == 129 && stem.enumerated().allSatisfy { index, byte in
            index == 64 ? byte == UInt8(ascii: "-") : isHexDigit(byte)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
    }
}
