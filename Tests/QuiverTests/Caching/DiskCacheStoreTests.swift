import Foundation
import Testing
@testable import Quiver

/// The directory store: owner-only files, atomic, checked, bounded, and only its own. This file
/// holds the first promises and the helpers; the extensions beside it hold entries and capacity,
/// and damaged or shared files.
@Suite struct DiskCacheStoreTests {
    @Test func nothingIsCreatedUntilTheFirstSave() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let directory = folder.url.appendingPathComponent("cache")
        let store = DiskCacheStore(directory: directory, capacity: 1 << 20)
        #expect(store.entries(for: StoreSamples.key("/a")).isEmpty)
        store.removeAll()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a"))
        #expect(store.entries(for: StoreSamples.key("/a")) == [StoreSamples.entry("a")])
    }

    @Test func theDirectoryAndFilesAreTheOwnersOnly() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let directory = folder.url.appendingPathComponent("cache")
        let store = DiskCacheStore(directory: directory, capacity: 1 << 20)
        store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a"))
        func permissions(_ url: URL) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber).intValue
        }
        #expect(try permissions(directory) == 0o700)
        let resource = directory.appendingPathComponent(CacheDigest(of: "/a").hex)
        #expect(try permissions(resource) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: resource.path)
        #expect(files.count == 1)
        #expect(try permissions(resource.appendingPathComponent(files[0])) == 0o600)
        // Names are digests: nothing of the URL or the credentials in clear.
        #expect(files.allSatisfy(DiskCacheStore.isEntryName))
    }

    @Test func aDamagedFileIsAMissAndIsRemoved() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        let key = StoreSamples.key("/a")
        let entry = StoreSamples.entry("the body")
        let file = folder.url.appendingPathComponent(key.resource.hex)
            .appendingPathComponent(DiskCacheStore.fileName(key: key, variant: .none))
        let whole = CacheEntryFile.encode(entry, for: key)
        for damaged in [whole.prefix(whole.count / 2), whole.prefix(10), Data(), whole.dropLast()] + [Data("not a cache file".utf8)] {
            store.save(entry, for: key)
            try Data(damaged).write(to: file)
            #expect(store.entries(for: key).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
        var flipped = whole
        flipped[flipped.count / 2] ^= 0x40
        store.save(entry, for: key)
        try flipped.write(to: file)
        #expect(store.entries(for: key).isEmpty)
    }

    @Test func twoStoresOnOneDirectoryNeverSeeHalfAnEntry() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let writer = DiskCacheStore(directory: folder.url, capacity: 64 << 20)
        let reader = DiskCacheStore(directory: folder.url, capacity: 64 << 20)
        let key = StoreSamples.key("/shared")
        let bodies = (0..<4).map { String(repeating: Character(UnicodeScalar(UInt8(97 + $0))), count: 200_000) }
        writer.save(StoreSamples.entry(bodies[0]), for: key)
        let torn = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for round in 0..<40 { writer.save(StoreSamples.entry(bodies[round % 4]), for: key) }
            }
            group.addTask {
                for _ in 0..<40 {
                    for entry in reader.entries(for: key) where !bodies.contains(String(decoding: entry.body, as: UTF8.self)) {
                        torn.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(torn.withLock { $0 } == 0)
        #expect(reader.entries(for: key).count == 1)
    }

    @Test func removeAllLeavesOtherFilesAlone() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let mine = try folder.file("notes.txt", contents: Data("keep me".utf8))
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a"))
        store.save(StoreSamples.entry("b"), for: StoreSamples.key("/b", "bob"))
        store.removeAll()
        #expect(store.entries(for: StoreSamples.key("/a")).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["notes.txt"])
        #expect(FileManager.default.fileExists(atPath: mine.path))
    }

    @Test func theFilesStayWithinTheCapacityTheLeastRecentlyUsedGoingFirst() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let size = CacheEntryFile.encode(StoreSamples.entry(String(repeating: "x", count: 1000)), for: StoreSamples.key("/0")).count
        let store = DiskCacheStore(directory: folder.url, capacity: size * 3)
        for index in 0..<3 {
            store.save(StoreSamples.entry(String(repeating: "x", count: 1000)), for: StoreSamples.key("/\(index)"))
            // Modification times a second apart, oldest first.
            let file = folder.url.appendingPathComponent(StoreSamples.key("/\(index)").resource.hex)
                .appendingPathComponent(DiskCacheStore.fileName(key: StoreSamples.key("/\(index)"), variant: .none))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(index - 10))], ofItemAtPath: file.path)
        }
        store.save(StoreSamples.entry(String(repeating: "x", count: 1000)), for: StoreSamples.key("/3"))
        #expect(store.byteCount <= size * 3)
        #expect(store.entries(for: StoreSamples.key("/0")).isEmpty)
        #expect(!store.entries(for: StoreSamples.key("/3")).isEmpty)
    }

    @Test func invalidatingAResourceRemovesItUnderEveryIdentity() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a", "alice"))
        store.save(StoreSamples.entry("b"), for: StoreSamples.key("/a", "bob"))
        store.removeEntries(of: CacheDigest(of: "/a"))
        #expect(store.entries(for: StoreSamples.key("/a", "alice")).isEmpty)
        #expect(store.entries(for: StoreSamples.key("/a", "bob")).isEmpty)
    }

    /// Where a store in `directory` files the entry of `variant` under `key`.
    static func path(in directory: URL, _ key: CacheKey, _ variant: CacheVariantKey = .none) -> URL {
        directory.appendingPathComponent(key.resource.hex).appendingPathComponent(DiskCacheStore.fileName(key: key, variant: variant))
    }

    /// Every file and folder under `directory`, as paths relative to it, sorted.
    static func tree(_ directory: URL) -> [String] {
        let manager = FileManager.default
        var found: [String] = []
        for name in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? [] {
            found.append(name)
            var isFolder: ObjCBool = false
            let path = directory.appendingPathComponent(name).path
            if manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                found += ((try? manager.contentsOfDirectory(atPath: path)) ?? []).map { name + "/" + $0 }
            }
        }
        return found.sorted()
    }

    /// The bytes of the entry files under `directory`, measured by the test itself.
    static func entryBytes(_ directory: URL) -> Int {
        tree(directory).filter { DiskCacheStore.isEntryName(($0 as NSString).lastPathComponent) }.reduce(0) { total, path in
            let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path)
            return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }

    /// The file size of `entry` under `key`.
    static func fileSize(_ entry: CacheEntry, _ key: CacheKey) -> Int {
        CacheEntryFile.encode(entry, for: key).count
    }

    /// Sets the modification time of `url` to `seconds` ago.
    static func age(_ url: URL, by seconds: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -seconds)], ofItemAtPath: url.path)
    }
}
