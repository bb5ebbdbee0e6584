import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Keeps an ``HTTPCache``'s entries in files in a directory the user named, bounded in bytes.
///
/// - **Nothing on disk until asked**: the directory (`0700`; its missing parents as
///   `mkdir -p` makes them; an existing directory keeps its permissions) and anything in it are
///   created by the first save. Each entry is a file of its own (``CacheEntryFile``, `0600`), in
///   a folder (`0700`) per resource: `<resource digest>/<identity digest>-<variant digest>.qvc`,
///   names made of digests only, so nothing of a URL or a credential is in clear.
/// - **Atomic**: an entry is written to a new, uniquely named temporary file in its folder
///   (`.qvc-tmp-<32 hex digits>`, created exclusively), then renamed over the old one. A reader
///   (this store, another one, another process) opens only names of the entry pattern, without
///   following links, so it sees the old entry or the new one, never half of one and never a
///   temporary file. Files are not `fsync`ed: after a crash or power loss a file may be cut short
///   or empty, which the checksum makes a miss, and a cache may lose entries.
/// - **Checked**: a file that is truncated, changed, of another format or version, larger than
///   ``capacity``, filed under another key or named for another variant is a miss, and is
///   removed (unless it was replaced meanwhile).
/// - **Least recently used first**: a save writes a new file, and a read sets its file's
///   modification time to now; eviction removes the files with the oldest modification times
///   (ties by path). Where the file system keeps coarse times, entries used within one tick are
///   in no particular order.
/// - **Bounded** (the bytes of the entry files, header and checksum included; not the file
///   system's rounding to blocks, the folders, or temporary files of saves in progress). The
///   store keeps a running estimate: what it measured at its last scan of the directory, plus
///   the size of every file it wrote since (a replaced or removed file is not subtracted, so the
///   estimate only errs upwards). A save scans the whole directory, and removes the least
///   recently used files until the entries take at most ``capacity``, when the estimate is
///   unknown (the first save, after ``removeAll()``), when the new file would take it past
///   ``capacity``, and at every 100th save. Hence:
///   - one store alone on its directory: once every save in progress has returned, the entry
///     files take at most ``capacity`` bytes;
///   - several stores or processes on one directory: each one's scan sees everyone's files and
///     brings them within ``capacity``; between scans the files may exceed it by what the others
///     saved since their own last scans, which is for each of them less than ``capacity`` and at
///     most its last 99 saves. With `k` stores, never more than `k` × ``capacity``.
///
///   Scans also remove temporary files older than an hour (left by a process that stopped
///   mid-save) and resource folders left empty.
/// - **Only its own**: it creates, reads and removes only files and folders its own name patterns
///   match (64 hexadecimal digits for a folder; two such digests, `-` and `.qvc` for an entry;
///   `.qvc-tmp-` and 32 hexadecimal digits for a temporary file). Anything else in the directory,
///   or in one of its folders, is left alone, and keeps that folder from being removed.
final class DiskCacheStore: CacheStore {
    /// The directory.
    let directory: URL
    /// The most bytes the entry files may take (see the type's documentation for when).
    let capacity: Int
    /// The directory's path.
    private let root: String
    /// The running estimate of the entry files' bytes.
    private let ledger = Locked(Ledger())

    /// The suffix of entry files.
    static let suffix = ".qvc"
    /// The prefix of temporary files, before 32 hexadecimal digits.
    static let temporaryPrefix = ".qvc-tmp-"
    /// A save scans the directory at least this often (in saves), so that what other stores and
    /// processes wrote is counted.
    static let rescanInterval = 100
    /// The age (in seconds) past which a scan removes a temporary file: its save has stopped.
    static let staleTemporaryAge = 3600

    /// What a store knows of the bytes its directory's entry files take.
    private struct Ledger {
        /// An upper bound of the entry files' bytes, as far as this store knows (other
        /// processes' files are counted at the next scan); `nil` until measured.
        var estimate: Int?
        /// The saves since the last scan.
        var savesSinceScan = 0
    }

    /// An entry file found by a scan.
    private struct Found {
        /// Its path.
        let path: String
        /// Its folder's path.
        let folder: String
        /// Its size in bytes.
        let size: Int
        /// Its modification time: seconds, nanoseconds.
        let modified: (Int, Int)
    }

    /// Creates a store in `directory` that keeps at most `capacity` bytes of entry files (none
    /// when `capacity` is less than the smallest file); creates nothing yet.
    init(directory: URL, capacity: Int) {
        self.directory = directory
        self.capacity = capacity
        root = directory.path
    }

    /// The bytes the entry files in the directory take, measured now (a scan of the whole
    /// directory, which removes nothing). Other processes' files included, it may exceed
    /// ``capacity`` until the next save's scan.
    var byteCount: Int {
        ledger.withLock { ledger in
            let total = scan(evicting: false)
            ledger.estimate = total
            ledger.savesSinceScan = 0
            return total
        }
    }

    /// The entries stored under `key`, one per variant file; each file read is touched (made
    /// the most recently used), each damaged one removed.
    func entries(for key: CacheKey) -> [CacheEntry] {
        let folder = folderPath(of: key.resource)
        let prefix = key.identity.hex + "-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasPrefix(prefix) && Self.isEntryName($0) }.sorted().compactMap { name in
            readEntry(at: folder + "/" + name, named: name, key: key)
        }
    }

    /// Writes `entry` under `key` (atomically replacing the file of the same variant), then
    /// keeps the bound as the type's documentation says. An entry whose file would be larger
    /// than ``capacity`` is not stored, and the call then changes nothing. A file that cannot
    /// be written is not stored either: a cache that cannot write stores nothing, and no
    /// request fails for it.
    func save(_ entry: CacheEntry, for key: CacheKey) {
        let data = CacheEntryFile.encode(entry, for: key)
        guard data.count <= capacity else { return }
        let folder = folderPath(of: key.resource)
        guard store(data, at: folder + "/" + Self.fileName(key: key, variant: entry.variant), in: folder) else { return }
        ledger.withLock { ledger in
            if let estimate = ledger.estimate, ledger.savesSinceScan + 1 < Self.rescanInterval,
               estimate <= capacity - data.count {
                ledger.estimate = estimate + data.count
                ledger.savesSinceScan += 1
            } else {
                // Under the lock, so that a save of this store that ends meanwhile adds its file
                // to what this scan finds, never to what it replaces.
                ledger.estimate = scan(evicting: true)
                ledger.savesSinceScan = 0
            }
        }
    }

    /// Removes the file of `variant` under `key`, if there is one.
    func remove(_ variant: CacheVariantKey, for key: CacheKey) {
        let folder = folderPath(of: key.resource)
        unlink(folder + "/" + Self.fileName(key: key, variant: variant))
        rmdir(folder)   // only when nothing is left in it
    }

    /// Removes the entry files of `resource`, under every identity (its whole folder).
    func removeEntries(of resource: CacheDigest) {
        let folder = folderPath(of: resource)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where Self.isEntryName(name) {
            unlink(folder + "/" + name)
        }
        rmdir(folder)
    }

    /// Removes every entry file and temporary file, and the folders left empty; leaves the
    /// directory and anything of anyone else's.
    func removeAll() {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: root)) ?? [] where Self.isResourceFolderName(name) {
            let folder = root + "/" + name
            for file in (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            where Self.isEntryName(file) || Self.isTemporaryName(file) {
                unlink(folder + "/" + file)
            }
            rmdir(folder)
        }
        ledger.withLock { $0.estimate = nil }
    }

    // MARK: Files

    /// The path of `resource`'s folder.
    private func folderPath(of resource: CacheDigest) -> String {
        root + "/" + resource.hex
    }

    /// The entry in the file at `path` (named `name`) when it is a whole entry of `key` and of
    /// the variant its name says, touched; otherwise `nil`, and the file removed.
    private func readEntry(at path: String, named name: String, key: CacheKey) -> CacheEntry? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            if errno == ELOOP { unlink(path) }   // a symbolic link: never this store's
            return nil
        }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, Self.isRegularFile(opened) else { return nil }
        guard let bytes = Self.readAll(descriptor, size: Int(opened.st_size), limit: capacity),
              let decoded = CacheEntryFile.decode(bytes: bytes, expecting: key),
              name == Self.fileName(key: key, variant: decoded.entry.variant) else {
            // Damaged, foreign, too large or misfiled: a miss, and gone. Unless a save replaced
            // it since it was opened: that file is another's, and whole.
            Self.removeIfUnchanged(path, opened)
            return nil
        }
        futimens(descriptor, nil)   // now the most recently used
        return decoded.entry
    }

    /// Writes `data` to a new temporary file in `folder` and renames it to `path`, creating the
    /// directory and the folder when missing (or removed meanwhile by another store's eviction).
    private func store(_ data: Data, at path: String, in folder: String) -> Bool {
        for attempt in 0..<3 {
            let temporary = folder + "/" + Self.temporaryName()
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(0o600))
            guard descriptor >= 0 else {
                guard errno == ENOENT, attempt < 2, makeRoot(), Self.makeFolder(folder) else { return false }
                continue
            }
            // The mode again, whatever the umask.
            let written = fchmod(descriptor, mode_t(0o600)) == 0 && Self.writeAll(data, to: descriptor)
            let closed = close(descriptor) == 0
            guard written, closed, rename(temporary, path) == 0 else {
                unlink(temporary)
                return false
            }
            return true
        }
        return false
    }

    /// Creates the directory (`0700`) and its missing parents, unless it exists; whether it is
    /// a directory now.
    private func makeRoot() -> Bool {
        if mkdir(root, mode_t(0o700)) == 0 { return chmod(root, mode_t(0o700)) == 0 }
        if errno == ENOENT {
            let parent = (root as NSString).deletingLastPathComponent
            guard (try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)) != nil else { return false }
            if mkdir(root, mode_t(0o700)) == 0 { return chmod(root, mode_t(0o700)) == 0 }
        }
        var status = stat()
        return errno == EEXIST && stat(root, &status) == 0 && Self.isDirectory(status)
    }

    /// Creates a resource folder (`0700`), unless it exists; whether it is a folder (not a
    /// link) now.
    private static func makeFolder(_ path: String) -> Bool {
        if mkdir(path, mode_t(0o700)) == 0 { return chmod(path, mode_t(0o700)) == 0 }
        var status = stat()
        return errno == EEXIST && lstat(path, &status) == 0 && isDirectory(status)
    }

    /// Measures the entry files. When `evicting`, also removes the least recently used until
    /// they take at most ``capacity``, temporary files older than ``staleTemporaryAge`` and
    /// folders left empty. Returns the bytes the entry files take afterwards.
    private func scan(evicting: Bool) -> Int {
        let manager = FileManager.default
        guard let folders = try? manager.contentsOfDirectory(atPath: root) else { return 0 }
        let staleBefore = Int(time(nil)) - Self.staleTemporaryAge
        var files: [Found] = []
        for folderName in folders where Self.isResourceFolderName(folderName) {
            let folder = root + "/" + folderName
            guard let names = try? manager.contentsOfDirectory(atPath: folder) else { continue }
            var kept = 0
            for name in names {
                let path = folder + "/" + name
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }   // gone meanwhile
                let modified = Self.modificationTime(status)
                if Self.isEntryName(name), Self.isRegularFile(status) {
                    files.append(Found(path: path, folder: folder, size: Int(status.st_size), modified: modified))
                    kept += 1
                } else if evicting, Self.isTemporaryName(name), Self.isRegularFile(status), modified.0 < staleBefore {
                    unlink(path)
                } else {
                    kept += 1
                }
            }
            if evicting, kept == 0 { rmdir(folder) }
        }
        var total = files.reduce(0) { $0 + $1.size }
        guard evicting, total > capacity else { return total }
        files.sort { ($0.modified.0, $0.modified.1, $0.path) < ($1.modified.0, $1.modified.1, $1.path) }
        var emptied: Set<String> = []
        for file in files {
            guard total > capacity else { break }
            if unlink(file.path) == 0 || errno == ENOENT {
                total -= file.size
                emptied.insert(file.folder)
            }
        }
        for folder in emptied {
            rmdir(folder)   // only when nothing is left in it
        }
        return total
    }
}
